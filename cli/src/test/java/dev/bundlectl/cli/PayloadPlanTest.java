package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@code bundlectl plan} on release-payload directories of the shared corpus. The expected
 * counts are worked out here, independently of bundlectl's reader, by parsing the YAML files with
 * a plain Jackson {@link YAMLMapper} and reading the annotations directly.
 */
class PayloadPlanTest {

    private static final String CAPABILITY = "capability.openshift.io/name";
    private static final String FEATURE_SET = "release.openshift.io/feature-set";
    private static final String PROFILE_PREFIX = "include.release.openshift.io/";

    @Nested
    class Capabilities {

        @Test
        void disablingConsoleLeavesEveryConsoleManifestOfTheConsoleOperatorNotCreated() {
            planWithCapabilityDisabled("console-operator", "Console", 56, "--disable-capability", "Console");
        }

        @Test
        void aHyperShiftFileWithoutImageRegistryLeavesTheImageRegistryManifestsNotCreated() {
            InstallPlan plan = planWithCapabilityDisabled("cluster-image-registry-operator", "ImageRegistry", 32,
                    "--capabilities-file", TestPaths.arg("samples/capabilities/hypershift-no-image-registry.yaml"));

            assertThat(plan.status().capabilities().enabledCapabilities())
                    .doesNotContain("ImageRegistry", "baremetal", "ClusterAPI", "CompatibilityRequirements")
                    .contains("CloudCredential", "Console");
        }

        /**
         * Plans the payload with these capability flags and checks that exactly the objects annotated
         * with the capability (alone or in an A+B value) are NotCreated for it, and the rest Unknown.
         *
         * @param expectedAnnotated how many objects carry the capability, counted by hand from the corpus
         */
        private InstallPlan planWithCapabilityDisabled(String repository, String capability, int expectedAnnotated,
                String... capabilityFlags) {
            Path payload = payload(repository);
            List<PayloadObject> objects = readPayload(payload);
            List<String> annotated = identities(objects.stream().filter(o -> o.hasCapability(capability)));
            List<String> others = identities(objects.stream().filter(o -> !o.hasCapability(capability)));
            List<String> args = new ArrayList<>(List.of("plan", payload.toString(), "-o", "json"));
            args.addAll(List.of(capabilityFlags));

            CliResult result = Cli.run(args.toArray(String[]::new));

            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
            InstallPlan plan = PlanOutput.parse(result);
            List<Step> excluded = PlanOutput.withStatus(plan, StepStatus.NOT_CREATED, "capability " + capability + " disabled");
            List<Step> kept = plan.steps().stream().filter(step -> !excluded.contains(step)).toList();
            assertThat(annotated).as(capability + "-annotated objects in " + repository).hasSize(expectedAnnotated);
            assertThat(excluded).hasSameSizeAs(annotated);
            assertThat(identitiesOf(excluded)).containsExactlyInAnyOrderElementsOf(annotated);
            assertThat(identitiesOf(kept)).containsExactlyInAnyOrderElementsOf(others);
            assertThat(kept).allSatisfy(step -> assertThat(step.status()).isEqualTo(StepStatus.UNKNOWN));
            return plan;
        }
    }

    @Nested
    class InclusionChecks {

        @Test
        void showExcludedListsTheFeatureSetManifestsForTheHighAvailabilityProfile() {
            assertShowExcludedMatchesTheAnnotations("self-managed-high-availability", 4);
        }

        @Test
        void showExcludedListsProfileAndFeatureSetManifestsForHyperShift() {
            assertShowExcludedMatchesTheAnnotations("hypershift", 17);
        }

        @Test
        void withJsonOutputTheExcludedTableGoesToStderr() {
            Path payload = payload("cluster-version-operator");

            CliResult result = Cli.run("plan", payload.toString(), "--profile", "self-managed-high-availability",
                    "--show-excluded", "-o", "json");

            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
            assertThat(PlanOutput.parse(result).steps()).hasSize(15);
            assertThat(result.err()).contains("Left out of the plan (4):");
        }

        private void assertShowExcludedMatchesTheAnnotations(String profile, int expectedCount) {
            Path payload = payload("cluster-version-operator");
            List<PayloadObject> objects = readPayload(payload);
            List<String> expected = new ArrayList<>();
            for (PayloadObject object : objects) {
                exclusion(object, profile).ifPresent(expected::add);
            }

            CliResult result = Cli.run("plan", payload.toString(), "--profile", profile, "--show-excluded");

            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
            assertThat(result.err()).isEmpty();
            assertThat(result.out()).contains("\nLeft out of the plan (" + expectedCount + "):\n");
            List<String> listed = TextTableReader.rows(result.outLines(), "FILE").stream()
                    .map(row -> String.join("|", row.values()))
                    .toList();
            assertThat(expected).hasSize(expectedCount);
            assertThat(listed).containsExactlyElementsOf(expected);
            assertThat(PlanCommandTest.tableRows(result)).hasSize(objects.size() - expectedCount);
        }

        /** library-go's order: feature set, then profile (no exclude id given here); as FILE|KIND|NAME|RULE|REASON. */
        private Optional<String> exclusion(PayloadObject object, String profile) {
            String featureSets = object.annotation(FEATURE_SET);
            if (featureSets != null && !Arrays.asList(featureSets.split(",")).contains("Default")) {
                return Optional.of(object.row("FEATURE_SET",
                        "feature set Default is not in " + FEATURE_SET + " \"" + featureSets + "\""));
            }
            if (object.annotation(PROFILE_PREFIX + profile) == null) {
                return Optional.of(object.row("PROFILE", PROFILE_PREFIX + profile + " is unset"));
            }
            return Optional.empty();
        }
    }

    @Nested
    class BundleOnlyAndPayloadOnlyFlags {

        @Test
        void aProfileOnABundleIsInvalidInput() {
            String bundle = TestPaths.arg("samples/bundles/cachebox-operator");

            CliResult result = Cli.run("plan", bundle, "--profile", "self-managed-high-availability");

            assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(result.out()).isEmpty();
            assertThat(result.errLines()).containsExactly("error: --profile, --feature-set, --exclude-id and "
                    + "--show-excluded apply to release-payload directories; " + bundle + " is a bundle");
        }

        @Test
        void showExcludedOnABundleIsInvalidInput() {
            CliResult result = Cli.run("plan", TestPaths.arg("samples/bundles/cachebox-operator"), "--show-excluded");

            assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(result.errLines()).hasSize(1).allMatch(line -> line.startsWith("error: --profile, --feature-set"));
        }
    }

    /**
     * One object of a payload directory as a plain YAML parser sees it.
     *
     * @param file the file name
     * @param document the document index in the file
     * @param object the object
     */
    record PayloadObject(String file, int document, JsonNode object) {

        String kind() {
            return object.path("kind").asText();
        }

        String name() {
            return object.path("metadata").path("name").asText();
        }

        String namespace() {
            return object.path("metadata").path("namespace").asText("");
        }

        String annotation(String key) {
            JsonNode value = object.path("metadata").path("annotations").get(key);
            return value == null || value.isNull() ? null : value.asText();
        }

        /** Whether {@code capability.openshift.io/name}, split on '+', names this capability. */
        boolean hasCapability(String capability) {
            String value = annotation(CAPABILITY);
            return value != null && Arrays.asList(value.split("\\+")).contains(capability);
        }

        String identity() {
            return kind() + " " + namespace() + "/" + name();
        }

        String row(String rule, String reason) {
            return file + "[doc " + document + "]|" + kind() + "|" + name() + "|" + rule + "|" + reason;
        }
    }

    private static Path payload(String repository) {
        Path payload = TestPaths.corpus().resolve("payload").resolve(repository);
        assertThat(payload).isDirectory();
        return payload;
    }

    /** Every object of the directory's .yaml, .yml and .json files, in file-name order. */
    static List<PayloadObject> readPayload(Path directory) {
        YAMLMapper mapper = new YAMLMapper();
        List<PayloadObject> objects = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                if (!Files.isRegularFile(file) || !(name.endsWith(".yaml") || name.endsWith(".yml") || name.endsWith(".json"))) {
                    continue;
                }
                try (JsonParser parser = mapper.getFactory().createParser(file.toFile());
                        MappingIterator<JsonNode> documents = mapper.readValues(parser, JsonNode.class)) {
                    int index = 0;
                    while (documents.hasNext()) {
                        JsonNode document = documents.next();
                        if (document != null && document.isObject() && !document.isEmpty()) {
                            objects.add(new PayloadObject(name, index, document));
                        }
                        index++;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return objects;
    }

    private static List<String> identities(Stream<PayloadObject> objects) {
        return objects.map(PayloadObject::identity).toList();
    }

    private static List<String> identitiesOf(List<Step> steps) {
        return steps.stream()
                .map(step -> step.resource().kind() + " "
                        + (step.resource().namespace() == null ? "" : step.resource().namespace()) + "/"
                        + step.resource().name())
                .toList();
    }
}
