package dev.bundlectl.executor.records;

import static dev.bundlectl.executor.records.TestPlans.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class InstallRecordCodecTest {

    private static final String SOURCE = "Secret ns/bundlectl.x.1";
    private final InstallRecordCodec codec = new InstallRecordCodec();

    @Test
    void roundTripKeepsEveryField() {
        ObjectRef sa = new ObjectRef("", "v1", "ServiceAccount", "ns", "widget-sa");
        InstallRecord record = InstallRecord.fromPlan(
                TestPlans.plan("ns", List.of(step("", "v1", "ServiceAccount", "ns", "widget-sa", StepStatus.CREATED)),
                        InstallPlanPhase.COMPLETE),
                TestPlans.origin("ns", Instant.parse("2025-03-01T10:00:00Z")),
                List.of(new CreatedObject(sa, "serviceaccounts", "uid-1", "17", null)),
                List.of(new DeletedObject(new ObjectRef("", "v1", "ConfigMap", "ns", "old"),
                        Instant.parse("2025-03-01T10:00:01Z"))));

        InstallRecord decoded = codec.decode(codec.encode(record).gzip(), SOURCE);

        assertThat(decoded).isEqualTo(record);
        assertThat(decoded.csvName()).isEqualTo(TestPlans.CSV);
        assertThat(decoded.completionTime()).isEqualTo(Instant.parse("2025-03-01T10:00:42.500Z"));
        assertThat(decoded.enabledCapabilities()).containsExactly("Console", "Insights");
        assertThat(decoded.implicitlyEnabledCapabilities()).containsExactly("Build");
        assertThat(decoded.createdObjects().get(0).createdBy()).isEqualTo(record.name());
    }

    @Test
    void theOperatorConfigurationThePlanRecordedIsKeptAndTheNextInstallReadsItBack() throws IOException {
        InstallPlan plan = TestPlans.plan("ns", List.of(step("", "v1", "ServiceAccount", "ns", "sa",
                StepStatus.CREATED)), InstallPlanPhase.COMPLETE);
        com.fasterxml.jackson.databind.JsonNode config = dev.bundlectl.bundle.yaml.Mappers.json()
                .readTree("{\"env\":[{\"name\":\"LOG_LEVEL\",\"value\":\"debug\"}]}");
        dev.bundlectl.plan.config.ConfigRead read = dev.bundlectl.plan.config.OperatorConfigReader.of(config,
                dev.bundlectl.plan.config.ConfigLocation.file("config.yaml"));
        InstallPlan withOptions = dev.bundlectl.plan.review.PlanOptions.bundle(null, null, null,
                dev.bundlectl.plan.payload.InstallHistory.FIRST_INSTALL)
                .withConfig(((dev.bundlectl.plan.config.ConfigRead.Read) read).config(), null).recordOn(plan);
        InstallRecord record = InstallRecord.fromPlan(withOptions,
                TestPlans.origin("ns", Instant.parse("2025-03-01T10:00:00Z")), List.of(), List.of());

        InstallRecord decoded = codec.decode(codec.encode(record).gzip(), SOURCE);

        assertThat(decoded.operatorConfig()).isEqualTo(config);
        dev.bundlectl.plan.config.ConfigRead kept = PreviousInstall.of(java.util.Optional.of(decoded)).config()
                .orElseThrow();
        assertThat(((dev.bundlectl.plan.config.ConfigRead.Read) kept).config().env()).hasSize(1);
        assertThat(((dev.bundlectl.plan.config.ConfigRead.Read) kept).location().source())
                .isEqualTo("install record ns/" + record.name());
        assertThat(InstallRecord.fromPlan(plan, TestPlans.origin("ns", Instant.parse("2025-03-01T10:00:00Z")),
                List.of(), List.of()).operatorConfig()).as("none recorded without one").isNull();
    }

    @Test
    void whatAnApplyLeftIsKeptForAppliedStepsOnlyAndOlderRecordsReadWithout() throws IOException {
        List<Step> steps = List.of(step("", "v1", "ConfigMap", "ns", "kept", StepStatus.PRESENT),
                step("", "v1", "ConfigMap", "ns", "refused", StepStatus.FAILED));
        AppliedState left = new AppliedState("42", "sha256:" + "ab".repeat(32));
        InstallRecord record = InstallRecord.fromPlan(TestPlans.plan("ns", steps, InstallPlanPhase.FAILED),
                TestPlans.origin("ns", Instant.parse("2025-03-01T10:00:00Z")), List.of(), List.of(), null,
                java.util.Map.of(0, left, 1, left));

        InstallRecord decoded = codec.decode(codec.encode(record).gzip(), SOURCE);

        assertThat(decoded.steps().get(0).applied()).contains(left);
        assertThat(decoded.steps().get(1).applied()).as("a failed step vouches for nothing").isEmpty();
        // A record written before the fields existed reads with none.
        String json = gunzip(codec.encode(record).gzip()).replace("\"appliedResourceVersion\":\"42\",", "")
                .replace(",\"appliedDigest\":\"sha256:" + "ab".repeat(32) + "\"", "");
        assertThat(json).doesNotContain("applied");
        assertThat(codec.decode(gzip(json), SOURCE).steps().get(0).applied()).isEmpty();
    }

    @Test
    void manifestBodiesAreReplacedByDigestsSoSecretContentsNeverReachTheRecord() throws IOException {
        String secretManifest = "{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":{\"name\":\"creds\"},"
                + "\"data\":{\"password\":\"c3VwZXJzZWNyZXQ=\"}}";
        Step secretStep = new Step(TestPlans.CSV, new StepResource("", "v1", "Secret", "creds", "ns", TestPlans.PACKAGE,
                "manifests/creds.yaml", secretManifest), false, StepStatus.CREATED, null);
        InstallRecord record = InstallRecord.fromPlan(TestPlans.plan("ns", List.of(secretStep), InstallPlanPhase.COMPLETE),
                TestPlans.origin("ns", Instant.parse("2025-03-01T10:00:00Z")), List.of(), List.of());

        String json = gunzip(codec.encode(record).gzip());

        assertThat(json).doesNotContain("c3VwZXJzZWNyZXQ=").doesNotContain("password");
        assertThat(record.steps().get(0).manifestDigest())
                .isEqualTo(ManifestDigest.of(secretManifest))
                .startsWith("sha256:")
                .hasSize("sha256:".length() + 64);
        assertThat(json).contains(record.steps().get(0).manifestDigest());
    }

    @Test
    void longMessagesAreCutWhenTheRecordIsTooLarge() {
        // 300 steps each with 8 KiB of incompressible text: about 2.4 MB before cutting.
        Random random = new Random(42);
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            steps.add(step("", "v1", "ConfigMap", "ns", "cm-" + i, StepStatus.FAILED)
                    .withStatus(StepStatus.FAILED, randomText(random, 8192)));
        }
        InstallRecord record = recordOf(steps);

        EncodedRecord encoded = codec.encode(record);

        assertThat(encoded.size()).isLessThanOrEqualTo(InstallRecordCodec.DEFAULT_MAX_BYTES);
        assertThat(encoded.shortenedMessages()).isEqualTo(300);
        InstallRecord decoded = codec.decode(encoded.gzip(), SOURCE);
        assertThat(decoded.steps().get(0).message())
                .startsWith(record.steps().get(0).message().substring(0, InstallRecordCodec.DEFAULT_MESSAGE_CAP))
                .endsWith("... (cut from 8192 characters to fit the record)");
    }

    @Test
    void aRecordTooLargeEvenWithShortMessagesFailsWithAClearMessage() {
        // Incompressible names and digests: about 140 bytes per step even without messages.
        Random random = new Random(7);
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < 12_000; i++) {
            String name = randomText(random, 40).toLowerCase();
            steps.add(new Step(TestPlans.CSV, new StepResource("", "v1", "ConfigMap", name, "ns", TestPlans.PACKAGE,
                    "manifests/" + name + ".yaml", "{\"n\":\"" + name + "\"}"), false, StepStatus.CREATED, null));
        }
        InstallRecord record = recordOf(steps);

        assertThatThrownBy(() -> codec.encode(record))
                .isInstanceOf(RecordTooLargeException.class)
                .hasMessageStartingWith("install record " + record.name() + " for package widget-operator would take ")
                .hasMessageContaining("12000 steps")
                .hasMessageContaining("over the 900 KiB limit of a Secret even with step messages cut to 1024 characters");
    }

    @Test
    void notGzipIsAClearError() {
        assertThatThrownBy(() -> codec.decode("plain text".getBytes(StandardCharsets.UTF_8), SOURCE))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessageStartingWith(SOURCE + ": the record is not gzip data");
    }

    @Test
    void truncatedGzipIsAClearError() {
        byte[] whole = codec.encode(TestPlans.record("ns", Instant.parse("2025-03-01T10:00:00Z"))).gzip();
        byte[] half = java.util.Arrays.copyOf(whole, whole.length / 2);

        assertThatThrownBy(() -> codec.decode(half, SOURCE))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessageStartingWith(SOURCE + ": the record ");
    }

    @Test
    void gzipOfSomethingElseIsAClearError() {
        assertThatThrownBy(() -> codec.decode(gzip("{\"formatVersion\":1, \"name\": "), SOURCE))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessageStartingWith(SOURCE + ": the record is not valid JSON");
        assertThatThrownBy(() -> codec.decode(gzip("[1,2]"), SOURCE))
                .hasMessage(SOURCE + ": the record is not a JSON object");
        assertThatThrownBy(() -> codec.decode(gzip("{\"hello\":\"world\"}"), SOURCE))
                .hasMessage(SOURCE + ": the record has no formatVersion");
    }

    @Test
    void missingRequiredFieldsAreNamed() {
        assertThatThrownBy(() -> codec.decode(gzip("{\"formatVersion\":1,\"name\":\"x\",\"namespace\":\"ns\"}"), SOURCE))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessageStartingWith(SOURCE + ": the record is malformed")
                .hasMessageContaining("install record has no packageName")
                .hasMessageNotContaining("\n");
    }

    @Test
    void wrongTypesAreAClearError() {
        assertThatThrownBy(() -> codec.decode(gzip("{\"formatVersion\":1,\"name\":\"x\",\"namespace\":\"ns\","
                + "\"packageName\":\"p\",\"startTime\":\"yesterday\",\"phase\":\"Complete\"}"), SOURCE))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessageStartingWith(SOURCE + ": the record is malformed: field startTime: ")
                .hasMessageContaining("yesterday");
        assertThatThrownBy(() -> codec.decode(gzip("{\"formatVersion\":1,\"name\":\"x\",\"namespace\":\"ns\","
                + "\"packageName\":\"p\",\"startTime\":\"2025-03-01T10:00:00Z\",\"phase\":\"Sleeping\"}"), SOURCE))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessageContaining("field phase: ")
                .hasMessageContaining("Sleeping");
    }

    @Test
    void aBadValueDeepInsideIsNamedByItsPath() throws IOException {
        InstallRecord record = TestPlans.record("ns", Instant.parse("2025-03-01T10:00:00Z"));
        String json = gunzip(codec.encode(record).gzip()).replace("\"status\":\"Present\"", "\"status\":\"Lost\"");

        assertThatThrownBy(() -> codec.decode(gzip(json), SOURCE))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessageStartingWith(SOURCE + ": the record is malformed: field steps[1].status: ")
                .hasMessageContaining("Lost");
    }

    @Test
    void aNewerFormatIsRefusedByName() {
        assertThatThrownBy(() -> codec.decode(gzip("{\"formatVersion\":2,\"whatever\":true}"), SOURCE))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessage(SOURCE + ": the record has format 2, written by a newer bundlectl; this one reads format 1"
                        + " or older");
    }

    @Test
    void unknownFieldsOfTheSameFormatAreIgnored() throws IOException {
        InstallRecord record = TestPlans.record("ns", Instant.parse("2025-03-01T10:00:00Z"));
        String json = gunzip(codec.encode(record).gzip());
        String extended = json.replaceFirst("\\{", "{\"addedLater\":{\"x\":1},");

        assertThat(codec.decode(gzip(extended), SOURCE)).isEqualTo(record);
    }

    static InstallRecord recordOf(List<Step> steps) {
        InstallPlan plan = TestPlans.plan("ns", steps, InstallPlanPhase.FAILED);
        return InstallRecord.fromPlan(plan, TestPlans.origin("ns", Instant.parse("2025-03-01T10:00:00Z")), List.of(),
                List.of());
    }

    static String randomText(Random random, int length) {
        byte[] bytes = new byte[length * 3 / 4 + 3];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes).substring(0, length);
    }

    static byte[] gzip(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return out.toByteArray();
    }

    static String gunzip(byte[] bytes) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
