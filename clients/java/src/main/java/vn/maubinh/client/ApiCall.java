package vn.maubinh.client;

import vn.maubinh.client.core.ApiException;
import vn.maubinh.client.core.ApiResponse;

/**
 * One call of a generated operation, as {@link MauBinhClient#send} takes it: a lambda that calls a
 * {@code ...WithHttpInfo} method, so the answer's headers come back with its body.
 *
 * @param <T> the answer's type
 */
@FunctionalInterface
public interface ApiCall<T> {
    /**
     * Sends the request.
     *
     * @return the answer with its status and headers
     * @throws ApiException the service answered a problem, or the request was not answered
     */
    ApiResponse<T> call() throws ApiException;
}
