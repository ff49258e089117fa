package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A bad operator configuration is refused offline (docs/operator-config.md): {@code install} with
 * each kind exits 2 with one line naming the file and the field, in the API server's words, and
 * the real server's namespace is left as it was (no install record, no object, no lock).
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerBadOperatorConfigTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            a field SubscriptionConfig lacks | nodeSelectors: {a: b} | field nodeSelectors: Unknown field
            a field nested inside it lacks | env: [{name: A, valu: x}] | field env[0].valu: Unknown field
            a toleration's operator | tolerations: [{key: a, operator: Sometimes}] | field tolerations[0].operator: Unsupported value: "Sometimes"
            a toleration's effect | tolerations: [{key: a, operator: Exists, effect: NoRun}] | field tolerations[0].effect: Unsupported value: "NoRun"
            a quantity | resources: {limits: {memory: 1 GB}} | field resources.limits.memory: Invalid value: "1 GB"
            a request above its limit | resources: {requests: {memory: 2Gi}, limits: {memory: 1Gi}} | field resources.requests[memory]: Invalid value: "2Gi": must be less than or equal to memory limit of 1Gi
            an env var name | env: [{name: HTTP=PROXY, value: x}] | field env[0].name: Invalid value: "HTTP=PROXY"
            a volume name | volumes: [{name: CA_Bundle, configMap: {name: ca}}] | field volumes[0].name: Invalid value: "CA_Bundle"
            a volume without a source | volumes: [{name: ca}] | field volumes[0]: Required value: must specify a volume type
            a volume with two sources | volumes: [{name: ca, emptyDir: {}, secret: {secretName: ca}}] | field volumes[0].secret: Forbidden: may not specify more than 1 volume type
            a mount that names no volume | volumeMounts: [{name: ca, mountPath: /ca}] | field volumeMounts[0].name: Not found: "ca"
            an annotation key | annotations: {"example.com/bad key": x} | field annotations: Invalid value: "example.com/bad key"
            a node selector label value | nodeSelector: {zone: "not a label value"} | field nodeSelector: Invalid value: "not a label value"
            not a configuration at all | {apiVersion: apps/v1, kind: Deployment} | field kind: expected a SubscriptionConfig
            """)
    void isRefusedNamingTheFileAndTheFieldWithNothingWritten(String kind, String yaml, String words,
            RealApiServer server) throws IOException {
        RealCluster cluster = RealCluster.in(server, "bad-config");
        String ns = cluster.namespace();
        Path file = Files.writeString(dir.resolve("config.yaml"), yaml);

        CliRun install = cluster.run("install", RealCluster.sample(), "-n", ns, "--config", file.toString());

        assertThat(install.exitCode()).as(kind + ": " + install).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(install.err()).as(kind).contains("error: " + file + ": ").contains(words)
                .doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems()).as("no install record").isEmpty();
        assertThat(cluster.client().apps().deployments().inNamespace(ns).list().getItems()).isEmpty();
        assertThat(cluster.client().configMaps().inNamespace(ns).list().getItems())
                .allSatisfy(map -> assertThat(map.getMetadata().getName()).isEqualTo("kube-root-ca.crt"));
        assertThat(cluster.client().leases().inNamespace(ns).list().getItems()).as("no lock taken").isEmpty();
    }
}
