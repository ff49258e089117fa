package dev.bundlectl.executor.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What each of {@link FaultProxy}'s faults does, seen by a client with TLS verification on and by
 * the real API server behind the proxy: a create of a ConfigMap through the proxy, its answer, and
 * whether the server holds the object afterwards.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerFaultProxyTest {

    private static final long WAIT_SECONDS = 30;

    @ParameterizedTest
    @EnumSource(value = Fault.class, names = {"TOO_MANY_REQUESTS", "SERVICE_UNAVAILABLE", "GATEWAY_TIMEOUT"})
    void anAnsweredFaultIsAStatusAndNeverReachesTheServer(Fault fault, @Served(RealApiServer.Flavour.PLAIN)
            RealApiServer server, @TempDir Path dir) throws Exception {
        String ns = server.newNamespace("proxy-" + fault.name());
        try (FaultProxy proxy = FaultProxy.start(ProxyUpstream.of(server.config()), FaultSchedule.scripted(fault));
                KubernetesClient client = clientThrough(proxy, server, dir)) {
            HttpResponse<String> answer = create(client, ns, "cfg");

            int code = fault == Fault.TOO_MANY_REQUESTS ? 429 : fault == Fault.SERVICE_UNAVAILABLE ? 503 : 504;
            assertThat(answer.code()).isEqualTo(code);
            assertThat(answer.body()).contains("\"kind\":\"Status\"").contains("\"code\":" + code);
            if (fault == Fault.TOO_MANY_REQUESTS) {
                assertThat(answer.header("Retry-After")).isEqualTo("1");
            }
            assertThat(server.client().configMaps().inNamespace(ns).withName("cfg").get()).isNull();
            assertThat(proxy.requests()).singleElement().satisfies(request -> {
                assertThat(request.fault()).isEqualTo(fault);
                assertThat(request.upstreamStatus()).isEqualTo(-1);
                assertThat(request.objectName()).isEqualTo("cfg");
            });
        }
    }

    @Test
    void aResetBeforeForwardingLeavesTheServerUntouched(@Served(RealApiServer.Flavour.PLAIN) RealApiServer server,
            @TempDir Path dir) throws Exception {
        String ns = server.newNamespace("proxy-reset-before");
        try (FaultProxy proxy = FaultProxy.start(ProxyUpstream.of(server.config()),
                FaultSchedule.scripted(Fault.RESET_BEFORE_FORWARDING));
                KubernetesClient client = clientThrough(proxy, server, dir)) {
            assertThatThrownBy(() -> create(client, ns, "cfg")).as("no answer, the connection closed");

            assertThat(server.client().configMaps().inNamespace(ns).withName("cfg").get()).isNull();
            assertThat(proxy.requests()).singleElement()
                    .satisfies(request -> assertThat(request.upstreamStatus()).isEqualTo(-1));
        }
    }

    @Test
    void aResetAfterForwardingLosesTheAnswerToACreateTheServerCarriedOut(
            @Served(RealApiServer.Flavour.PLAIN) RealApiServer server, @TempDir Path dir) throws Exception {
        String ns = server.newNamespace("proxy-reset-after");
        try (FaultProxy proxy = FaultProxy.start(ProxyUpstream.of(server.config()),
                FaultSchedule.scripted(Fault.RESET_AFTER_FORWARDING));
                KubernetesClient client = clientThrough(proxy, server, dir)) {
            assertThatThrownBy(() -> create(client, ns, "cfg")).as("no answer, the connection closed");

            assertThat(server.client().configMaps().inNamespace(ns).withName("cfg").get()).as("created anyway")
                    .isNotNull();
            assertThat(proxy.requests()).singleElement().satisfies(request -> {
                assertThat(request.upstreamStatus()).isEqualTo(201);
                assertThat(request.createdButUnanswered()).isTrue();
                assertThat(RequestedObject.of(request)).contains(new RequestedObject(ns, "configmaps", "cfg"));
            });

            HttpResponse<String> again = create(client, ns, "cfg");
            assertThat(again.code()).as("the next request passes untouched: the server's AlreadyExists")
                    .isEqualTo(409);
        }
    }

    private static KubernetesClient clientThrough(FaultProxy proxy, RealApiServer server, Path dir) throws Exception {
        Path kubeconfig = ProxyKubeconfig.write(proxy, server.kubeconfig(), dir.resolve("kubeconfig-proxy.yaml"));
        Config config = Config.fromKubeconfig(Files.readString(kubeconfig));
        config.setRequestRetryBackoffLimit(0);
        assertThat(config.isTrustCerts()).as("TLS verification stays on").isFalse();
        return new KubernetesClientBuilder().withConfig(config).build();
    }

    private static HttpResponse<String> create(KubernetesClient client, String ns, String name) throws Exception {
        HttpRequest request = client.getHttpClient().newHttpRequestBuilder()
                .uri(client.getMasterUrl() + "api/v1/namespaces/" + ns + "/configmaps")
                .post("application/json", "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\""
                        + name + "\"},\"data\":{\"k\":\"v\"}}")
                .build();
        return client.getHttpClient().sendAsync(request, String.class).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }
}
