package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Secret;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OLM's manual approval, bundlectl style: plan to a file, review it, install exactly it. Secret
 * values are redacted in the file and restored from the bundle only when they match the reviewed
 * digests. Also the CI-friendly {@code -o jsonl} event stream.
 */
class ReviewedPlanInstallCliTest {

    private CliCluster cluster;
    private Path dir;

    @BeforeEach
    void start(@TempDir Path tempDir) throws IOException {
        dir = tempDir;
        cluster = CliCluster.start(dir);
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    private Path copyOfSample() throws IOException {
        return SampleCopies.plain(dir.resolve("bundle"));
    }

    private Path planFile(Path bundle) throws IOException {
        CliRun plan = CliRun.of("plan", bundle.toString(), "-n", "demo", "-o", "yaml");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).doesNotContain("CBX-SAMPLE-0000-0000-0000").contains("<redacted sha256:");
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, plan.out());
        return file;
    }

    @Test
    void installsExactlyTheReviewedPlanWithSecretValuesRestoredFromTheBundle() throws IOException {
        Path bundle = copyOfSample();
        Path plan = planFile(bundle);

        CliRun install = cluster.run("install", "--plan-file", plan.toString(), "--create-namespace");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        Secret secret = cluster.connection().client().secrets().inNamespace("demo").withName("cachebox-license").get();
        assertThat(secret.getStringData()).containsEntry("license-key", "CBX-SAMPLE-0000-0000-0000");
        assertThat(new String(Base64.getDecoder().decode(secret.getData().get("edition")), StandardCharsets.UTF_8))
                .isEqualTo("community");
        assertThat(install.out() + install.err()).doesNotContain("CBX-SAMPLE-0000-0000-0000");
    }

    /**
     * A plan file written before steps had {@code bundlectl.dev/source} kept the bundle path in
     * each step's {@code sourceNamespace}; such a file is still read and installed.
     */
    @Test
    void aPlanFileFromBeforeTheSourceFieldIsStillInstalled() throws IOException {
        Path bundle = copyOfSample();
        Path plan = planFile(bundle);
        String current = Files.readString(plan);
        String old = current.replaceAll("(?m)^    bundlectl\\.dev/source:\n(^      .*\n)+", "")
                .replace("sourceNamespace: \"\"", "sourceNamespace: " + bundle);
        assertThat(old).doesNotContain("bundlectl.dev/source").contains("sourceNamespace: " + bundle);
        Files.writeString(plan, old);

        CliRun install = cluster.run("install", "--plan-file", plan.toString(), "--create-namespace");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(cluster.connection().client().secrets().inNamespace("demo").withName("cachebox-license").get())
                .isNotNull();
    }

    @Test
    void aBundleSecretThatChangedSinceTheReviewIsRefusedAndNothingIsApplied() throws IOException {
        Path bundle = copyOfSample();
        Path plan = planFile(bundle);
        Path secretFile = bundle.resolve("manifests/cachebox-license_v1_secret.yaml");
        Files.writeString(secretFile, Files.readString(secretFile).replace("CBX-SAMPLE-0000-0000-0000", "CBX-OTHER"));
        cluster.mock().clearRequests();

        CliRun install = cluster.run("install", "--plan-file", plan.toString(), "--create-namespace");

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(install.err()).contains("step 12 (Secret/demo/cachebox-license): the Secret value at "
                + "stringData.license-key is not the one reviewed (its digest differs)");
        assertThat(cluster.mock().writes()).isEmpty();
    }

    @Test
    void jsonLinesPrintsOneEventPerTransition() throws IOException {
        String sample = CliRun.repoRoot().resolve("samples/bundles/cachebox-operator").toString();

        CliRun install = cluster.run("install", sample, "-n", "demo", "--create-namespace", "-o", "jsonl");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> events = install.out().lines().map(line -> {
            try {
                return json.readTree(line);
            } catch (IOException e) {
                throw new AssertionError("not a JSON line: " + line, e);
            }
        }).toList();
        assertThat(events).isNotEmpty();
        assertThat(events).allSatisfy(event -> assertThat(event.fieldNames()).toIterable()
                .contains("time", "step", "resource", "from", "status"));
        // The 9 objects of the bundle to apply, and OLM mode's OperatorGroup, ServiceAccount and four RBAC objects.
        assertThat(events.stream().filter(e -> e.path("status").asText().equals("Created")).count()).isEqualTo(15);
        assertThat(events.stream().filter(e -> e.path("status").asText().equals("WaitingForApi")).count()).isEqualTo(2);
    }
}
