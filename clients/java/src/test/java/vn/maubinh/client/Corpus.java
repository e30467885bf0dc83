package vn.maubinh.client;

import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** The shared corpora of the repository (tests/conformance/NAME), found from the working directory up. */
final class Corpus {
    private Corpus() {}

    static JsonObject read(String name) throws IOException {
        for (Path folder = Paths.get("").toAbsolutePath(); folder != null; folder = folder.getParent()) {
            Path corpus = folder.resolve(Paths.get("tests", "conformance", name));
            if (Files.isRegularFile(corpus)) {
                return JsonParser.parseString(new String(Files.readAllBytes(corpus), StandardCharsets.UTF_8)).getAsJsonObject();
            }
        }
        return fail("tests/conformance/" + name + " is not found above " + Paths.get("").toAbsolutePath());
    }
}
