package vn.maubinh.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import vn.maubinh.client.model.ErrorCode;
import vn.maubinh.client.model.InvalidValue;
import vn.maubinh.client.model.Problem;

/**
 * A problem the service answered (RFC 9457): its status, its type (an enum: a type this client does
 * not know reads as {@code UNKNOWN_DEFAULT_OPEN_API}), title and detail in the language asked for,
 * each bad value's JSON pointer and {@link ErrorCode} for a 422, and the answer's headers (the
 * request id to quote, a 429's Retry-After).
 */
public final class ProblemException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final transient Problem problem;
    private final transient AnswerHeaders headers;

    ProblemException(int status, Problem problem, AnswerHeaders headers) {
        super(status + " " + problem.getTitle() + ": " + problem.getDetail());
        this.status = status;
        this.problem = problem;
        this.headers = headers;
    }

    /** @return the HTTP status: 400, 401, 404, 413, 422, 429, 503, ... */
    public int status() {
        return status;
    }

    /** @return the problem's type */
    public Problem.TypeEnum type() {
        return problem.getType();
    }

    /** @return the status in words, in the language asked for */
    public String title() {
        return problem.getTitle();
    }

    /** @return what went wrong, in the language asked for */
    public String detail() {
        return problem.getDetail();
    }

    /** @return each bad value of a 422 (pointer, code, detail); empty for other problems */
    public List<InvalidValue> errors() {
        List<InvalidValue> errors = problem.getErrors();
        return errors == null ? Collections.<InvalidValue>emptyList() : Collections.unmodifiableList(errors);
    }

    /** @return the code of each entry of {@link #errors()}, in order */
    public List<ErrorCode> codes() {
        List<ErrorCode> codes = new ArrayList<>();
        for (InvalidValue error : errors()) {
            codes.add(error.getCode());
        }
        return codes;
    }

    /** @return the problem document as read */
    public Problem problem() {
        return problem;
    }

    /** @return the answer's headers: {@code headers().requestId()}, {@code headers().retryAfterSeconds()} */
    public AnswerHeaders headers() {
        return headers;
    }
}
