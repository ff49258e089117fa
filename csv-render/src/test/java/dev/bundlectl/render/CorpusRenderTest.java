package dev.bundlectl.render;

import dev.bundlectl.bundle.testing.SharedCorpus;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.testing.TestBundles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Renders the CSV of every real bundle in the dev corpus that the reader accepts (AllNamespaces
 * when supported, else OwnNamespace; cert-manager for webhooks). Each one either renders, with as
 * many Deployments, Roles and ClusterRoles as its install strategy implies (counted here straight
 * from the CSV's JSON, not through the renderer's model), or is refused for a known reason.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CorpusRenderTest {

    private static final String NS = "operators";

    private final Map<String, Bundle> bundles = new LinkedHashMap<>();
    private Map<String, RenderOutcome> outcomes;

    @BeforeAll
    void renderEveryReadableBundle() {
        BundleReader reader = new BundleReader();
        Path dev = TestBundles.corpus().resolve("dev");
        assertThat(dev).isDirectory();
        for (Path dir : SharedCorpus.devBundleDirs()) {
            BundleReadResult read = reader.read(dir);
            if (read.bundle().isEmpty()) {
                continue;
            }
            String name = dev.relativize(dir).toString();
            Bundle bundle = read.bundle().get();
            bundles.put(name, bundle);
        }
        outcomes = renderAll(new RenderRequest(NS, null, List.of(), CertProvider.CERT_MANAGER));
    }

    private Map<String, RenderOutcome> renderAll(RenderRequest request) {
        CsvRenderer renderer = new CsvRenderer();
        Map<String, RenderOutcome> rendered = new LinkedHashMap<>();
        bundles.forEach((name, bundle) -> rendered.put(name, renderer.render(bundle.csv(), bundle.manifests(), request)));
        return rendered;
    }

    @Test
    void everyCsvRendersWithTheCountsOfItsStrategyOrIsRefusedForAKnownReason() {
        Map<String, List<String>> refusedByReason = new TreeMap<>();
        int rendered = 0;
        for (Map.Entry<String, RenderOutcome> entry : outcomes.entrySet()) {
            String name = entry.getKey();
            JsonNode csv = bundles.get(name).csv().body();
            if (entry.getValue() instanceof RenderOutcome.Rendered) {
                rendered++;
                checkCounts(name, csv, (RenderOutcome.Rendered) entry.getValue());
                continue;
            }
            for (RenderProblem problem : ((RenderOutcome.Refused) entry.getValue()).problems()) {
                assertThat(problem.field()).as(name).startsWith("spec");
                assertThat(problem.message()).as(name).isNotBlank();
                refusedByReason.computeIfAbsent(reason(problem), r -> new ArrayList<>()).add(name + ": " + problem);
            }
            assertThat(expectedRefusal(csv)).as(name + " was refused: " + entry.getValue()).isTrue();
        }
        printSummary("default install mode, cert-manager", outcomes.size(), rendered, refusedByReason);
        assertThat(outcomes).hasSizeGreaterThan(100);
        assertThat(rendered).isGreaterThan(outcomes.size() * 3 / 4);
    }

    @Test
    void withoutACertificateProviderExactlyTheCsvsWithWebhooksAreRefusedAndSaySo() {
        Map<String, RenderOutcome> withoutProvider = renderAll(new RenderRequest(NS, null, List.of(), null));
        Map<String, List<String>> refusedByReason = new TreeMap<>();
        int rendered = 0;
        for (Map.Entry<String, RenderOutcome> entry : withoutProvider.entrySet()) {
            boolean hasWebhooks = !bundles.get(entry.getKey()).csv().body().path("spec").path("webhookdefinitions")
                    .isEmpty();
            assertThat(entry.getValue() instanceof RenderOutcome.Refused).as(entry.getKey()).isEqualTo(hasWebhooks);
            if (entry.getValue() instanceof RenderOutcome.Refused) {
                List<RenderProblem> problems = ((RenderOutcome.Refused) entry.getValue()).problems();
                assertThat(problems).as(entry.getKey()).anySatisfy(problem -> assertThat(problem.message())
                        .endsWith("needs a certificate provider: --cert-provider cert-manager|service-ca"));
                problems.forEach(p -> refusedByReason.computeIfAbsent(reason(p), r -> new ArrayList<>())
                        .add(entry.getKey() + ": " + p));
            } else {
                rendered++;
            }
        }
        printSummary("default install mode, no certificate provider", withoutProvider.size(), rendered,
                refusedByReason);
    }

    @Test
    void forcedOwnNamespaceIsRefusedWhereUndeclaredOrAConversionWebhookNeedsAllNamespaces() {
        Map<String, RenderOutcome> own = renderAll(
                new RenderRequest(NS, InstallModeType.OWN_NAMESPACE, List.of(), CertProvider.SERVICE_CA));
        Map<String, List<String>> refusedByReason = new TreeMap<>();
        int rendered = 0;
        for (Map.Entry<String, RenderOutcome> entry : own.entrySet()) {
            JsonNode csv = bundles.get(entry.getKey()).csv().body();
            boolean conversion = false;
            for (JsonNode webhook : csv.path("spec").path("webhookdefinitions")) {
                conversion |= "ConversionWebhook".equals(webhook.path("type").asText());
            }
            boolean expectRefusal = !supports(csv, "OwnNamespace") || conversion;
            assertThat(entry.getValue() instanceof RenderOutcome.Refused).as(entry.getKey()).isEqualTo(expectRefusal);
            if (entry.getValue() instanceof RenderOutcome.Refused) {
                for (RenderProblem problem : ((RenderOutcome.Refused) entry.getValue()).problems()) {
                    if (!supports(csv, "OwnNamespace")) {
                        assertThat(problem.message()).contains("install mode OwnNamespace is not supported",
                                "supported: ");
                    }
                    refusedByReason.computeIfAbsent(reason(problem), r -> new ArrayList<>())
                            .add(entry.getKey() + ": " + problem);
                }
            } else {
                rendered++;
            }
        }
        printSummary("OwnNamespace, service-ca", own.size(), rendered, refusedByReason);
    }

    private static void printSummary(String title, int total, int rendered, Map<String, List<String>> refusedByReason) {
        System.out.printf("render corpus (%s): %d CSVs, %d rendered, %d refused%n", title, total, rendered,
                total - rendered);
        refusedByReason.forEach((reason, found) -> {
            System.out.printf("  refused (%s): %d%n", reason, found.size());
            found.stream().limit(3).forEach(line -> System.out.println("    " + line));
            if (found.size() > 3) {
                System.out.println("    ...");
            }
        });
    }

    @Test
    void everyRenderedObjectIsLabelledAndNamespacedOnlyWhereItsKindIs() {
        Set<String> clusterScoped = Set.of("ClusterRole", "ClusterRoleBinding", "ValidatingWebhookConfiguration",
                "MutatingWebhookConfiguration");
        for (Map.Entry<String, RenderOutcome> entry : outcomes.entrySet()) {
            if (!(entry.getValue() instanceof RenderOutcome.Rendered)) {
                continue;
            }
            Set<String> seen = new HashSet<>();
            for (RenderedObject object : ((RenderOutcome.Rendered) entry.getValue()).objects()) {
                String id = entry.getKey() + ": " + object.kind() + "/" + object.namespace() + "/" + object.name();
                assertThat(seen.add(id)).as("rendered twice: " + id).isTrue();
                assertThat(object.body().at("/metadata/labels/" + RenderLabels.MANAGED_BY.replace("/", "~1")).asText())
                        .as(id).isEqualTo("bundlectl");
                assertThat(object.body().at("/metadata/labels").size()).as(id).isGreaterThanOrEqualTo(4);
                assertThat(object.namespace() == null).as(id).isEqualTo(clusterScoped.contains(object.kind()));
                assertThat(object.name()).as(id).matches("[a-z0-9]([-a-z0-9.]*[a-z0-9])?");
                assertThat(object.name().length()).as(id).isLessThanOrEqualTo(253);
            }
        }
    }

    /** Counts straight from the CSV's JSON: deployments, and roles per distinct service account. */
    private static void checkCounts(String name, JsonNode csv, RenderOutcome.Rendered rendered) {
        JsonNode strategy = csv.path("spec").path("install").path("spec");
        int permissionAccounts = distinctAccounts(strategy.path("permissions"));
        int clusterPermissionAccounts = distinctAccounts(strategy.path("clusterPermissions"));
        boolean all = supports(csv, "AllNamespaces");
        assertThat(rendered.installMode().type()).as(name)
                .isEqualTo(all ? InstallModeType.ALL_NAMESPACES : InstallModeType.OWN_NAMESPACE);
        int roles = all ? 0 : permissionAccounts;
        int clusterRoles = clusterPermissionAccounts + (all ? permissionAccounts : 0);
        int admissionWebhooks = 0;
        for (JsonNode webhook : csv.path("spec").path("webhookdefinitions")) {
            admissionWebhooks += webhook.path("type").asText().endsWith("AdmissionWebhook") ? 1 : 0;
        }
        assertThat(RenderFixtures.ofKind(rendered, "Deployment")).as(name)
                .hasSize(strategy.path("deployments").size());
        assertThat(RenderFixtures.ofKind(rendered, "Role")).as(name).hasSize(roles);
        assertThat(RenderFixtures.ofKind(rendered, "RoleBinding")).as(name).hasSize(roles);
        assertThat(RenderFixtures.ofKind(rendered, "ClusterRole")).as(name).hasSize(clusterRoles);
        assertThat(RenderFixtures.ofKind(rendered, "ClusterRoleBinding")).as(name).hasSize(clusterRoles);
        assertThat(RenderFixtures.ofKind(rendered, "ValidatingWebhookConfiguration").size()
                + RenderFixtures.ofKind(rendered, "MutatingWebhookConfiguration").size()).as(name)
                .isEqualTo(admissionWebhooks);
    }

    /** What the CSV itself says should be refused: no AllNamespaces nor OwnNamespace support, or owned API services. */
    private static boolean expectedRefusal(JsonNode csv) {
        return !supports(csv, "AllNamespaces") && !supports(csv, "OwnNamespace")
                || !csv.path("spec").path("apiservicedefinitions").path("owned").isEmpty()
                || !csv.path("spec").path("webhookdefinitions").isEmpty();
    }

    private static int distinctAccounts(JsonNode permissions) {
        Set<String> accounts = new HashSet<>();
        permissions.forEach(p -> accounts.add(p.path("serviceAccountName").asText()));
        return accounts.size();
    }

    private static boolean supports(JsonNode csv, String mode) {
        for (JsonNode entry : csv.path("spec").path("installModes")) {
            if (mode.equals(entry.path("type").asText()) && entry.path("supported").asBoolean()) {
                return true;
            }
        }
        return false;
    }

    /** A short reason category for the summary. */
    private static String reason(RenderProblem problem) {
        String message = problem.message();
        if (problem.field().startsWith(InstallModeResolver.FIELD)) {
            return "install mode";
        }
        if (message.contains("APIService")) {
            return "owned APIService";
        }
        if (problem.field().startsWith("spec.webhookdefinitions")) {
            return "webhook: " + problem.field().replaceAll("\\[\\d+]", "[]");
        }
        return problem.field().replaceAll("\\[\\d+]", "[]");
    }
}
