package dev.bundlectl.cluster.retry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.ApplyResult;
import dev.bundlectl.cluster.kube.DiscoveryDocument;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.UnsupportedKubeApi;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.errors.ApiFailure;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link RetryingKubeApi} passes each request on as it was asked, and retries it. */
class RetryingKubeApiTest {

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() {
        vertx.close();
    }

    /** Answers discovery only: 503 first, then a document, recording the Accept header asked for. */
    private static final class DiscoveryOnly extends UnsupportedKubeApi {
        final List<String> accepts = new ArrayList<>();

        @Override
        public Future<Optional<DiscoveryDocument>> discover(String path, String accept) {
            accepts.add(accept);
            if (accepts.size() == 1) {
                return Future.failedFuture(new ApiException(new ApiFailure.HttpError(503, "ServiceUnavailable",
                        "try again", null, List.of(), -1)));
            }
            return Future.succeededFuture(Optional.of(new DiscoveryDocument(JsonNodeFactory.instance.objectNode(),
                    "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList")));
        }

        @Override
        public Future<Optional<JsonNode>> discover(String path) {
            throw new AssertionError("the plain form was asked for");
        }
    }

    @Test
    void aDiscoveryRequestKeepsItsAcceptHeaderThroughTheRetries() {
        DiscoveryOnly api = new DiscoveryOnly();
        RetryingKubeApi retrying = new RetryingKubeApi(api, RetryPolicy.of(Duration.ofMillis(250), Duration.ofSeconds(10),
                0, new VirtualScheduler(), Duration.ofSeconds(30)), vertx);

        Optional<DiscoveryDocument> found = Await.result(retrying.discover("/apis", "application/json;g=apidiscovery.k8s.io"));

        assertThat(found).get().extracting(DiscoveryDocument::contentType).asString().contains("APIGroupDiscoveryList");
        assertThat(api.accepts).containsExactly("application/json;g=apidiscovery.k8s.io",
                "application/json;g=apidiscovery.k8s.io");
    }
}
