package dev.bundlectl.executor.testing;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * An aggregated API whose backing service does not exist, registered on a real server for the
 * length of a test: an {@code apiregistration.k8s.io/v1} APIService pointing at a missing Service.
 * The aggregator lists its group in {@code /apis} and answers {@code 503 service unavailable}
 * (plain text) for its group/version, as a cluster with metrics-server down does. Closing removes
 * it and waits until {@code /apis} no longer lists the group, because the servers are shared by
 * every test of the JVM.
 */
public final class SickApiService implements AutoCloseable {

    private static final ResourceDefinitionContext API_SERVICE = new ResourceDefinitionContext.Builder()
            .withGroup("apiregistration.k8s.io").withVersion("v1").withKind("APIService").withPlural("apiservices")
            .withNamespaced(false).build();
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final KubernetesClient client;
    private final String group;
    private final String name;

    private SickApiService(KubernetesClient client, String group, String version) {
        this.client = client;
        this.group = group;
        this.name = version + "." + group;
    }

    /** Registers {@code version.group} and waits until the aggregator lists the group. */
    public static SickApiService register(RealApiServer server, String group, String version) {
        SickApiService sick = new SickApiService(server.client(), group, version);
        server.create("""
                apiVersion: apiregistration.k8s.io/v1
                kind: APIService
                metadata:
                  name: %s
                spec:
                  group: %s
                  version: %s
                  service: {namespace: kube-system, name: bundlectl-test-missing}
                  insecureSkipTLSVerify: true
                  groupPriorityMinimum: 100
                  versionPriority: 100
                """.formatted(sick.name, group, version));
        sick.awaitListed(true);
        sick.awaitUnavailable();
        return sick;
    }

    /** The group/version as {@code group/version}. */
    public String groupVersion() {
        return group + "/" + name.substring(0, name.indexOf('.'));
    }

    @Override
    public void close() {
        client.genericKubernetesResources(API_SERVICE).withName(name).delete();
        awaitListed(false);
    }

    /**
     * The aggregator lists a new group in {@code /apis} a moment before it proxies the group/version
     * itself, which answers 404 until then: wait for the 503 every test here expects.
     */
    private void awaitUnavailable() {
        String path = "/apis/" + groupVersion();
        await("answer 503 for " + path, () -> {
            try {
                client.raw(path);
                return false;
            } catch (KubernetesClientException answered) {
                return answered.getCode() == 503;
            }
        });
    }

    private void awaitListed(boolean listed) {
        await((listed ? "list " : "drop ") + group,
                () -> listed == client.raw("/apis").contains("\"name\":\"" + group + "\""));
    }

    /** Polls {@code reached} until it holds, for at most {@link #WAIT}. */
    private static void await(String what, BooleanSupplier reached) {
        long giveUp = System.nanoTime() + WAIT.toNanos();
        while (!reached.getAsBoolean()) {
            if (System.nanoTime() > giveUp) {
                throw new IllegalStateException("the aggregator did not " + what + " within " + WAIT.toSeconds() + "s");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
