package dev.bundlectl.plan.capability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.Manifest;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class CapabilityResolverTest {

    private static final List<Manifest> MANIFESTS = ManifestFixtures.fromYaml("manifests/console.yaml", """
            apiVersion: v1
            kind: Namespace
            metadata:
              name: openshift-console
              annotations:
                capability.openshift.io/name: Console
            ---
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: console-operator
              namespace: openshift-console-operator
              annotations:
                capability.openshift.io/name: Console
            ---
            apiVersion: cloudcredential.openshift.io/v1
            kind: CredentialsRequest
            metadata:
              name: openshift-ingress
              namespace: openshift-cloud-credential-operator
              annotations:
                capability.openshift.io/name: CloudCredential+Ingress
            ---
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: always
              namespace: default
            ---
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: insights-operator
              namespace: openshift-insights
              annotations:
                capability.openshift.io/name: Insights
            """);

    private final CapabilityConfigFactory factory = new CapabilityConfigFactory(CapabilityAnnotation.namesIn(MANIFESTS));

    private CapabilityConfig disabling(String... names) {
        return factory.fromFlags(null, List.of(), List.of(names)).config().orElseThrow();
    }

    private static Manifest named(String name) {
        return MANIFESTS.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    private static CapabilityResolution.Resolved resolved(CapabilityResolution resolution) {
        assertThat(resolution).isInstanceOf(CapabilityResolution.Resolved.class);
        return (CapabilityResolution.Resolved) resolution;
    }

    @Test
    void theManifestsToLookUpAreExactlyThoseTheRequestExcludes() {
        List<Manifest> asked = new ArrayList<>();
        CapabilityConfig requested = disabling("Console", "Ingress");
        CapabilityResolver.resolve(requested, Set.of(), manifest -> asked.add(manifest) && false, MANIFESTS);

        assertThat(CapabilityResolver.excludedBy(requested, MANIFESTS))
                .extracting(Manifest::name)
                .containsExactly("openshift-console", "console-operator", "openshift-ingress");
        assertThat(CapabilityResolver.excludedBy(requested, MANIFESTS)).isEqualTo(asked);
    }

    @Test
    void firstInstallWithNothingOnTheClusterKeepsTheRequest() {
        CapabilityConfig requested = disabling("Console", "Ingress");
        List<String> asked = new ArrayList<>();
        CapabilityResolution.Resolved result = resolved(CapabilityResolver.resolve(requested, Set.of(),
                m -> asked.add(m.name()) && false, MANIFESTS));
        assertThat(result.config()).isEqualTo(requested);
        assertThat(result.implicitEnablements()).isEmpty();
        assertThat(result.diagnostics().all()).isEmpty();
        // Only excluded manifests are looked up: the insights deployment and the plain ConfigMap are not.
        assertThat(asked).containsExactly("openshift-console", "console-operator", "openshift-ingress");
    }

    @Test
    void anExcludedObjectThatExistsImplicitlyEnablesItsCapabilityAndAllItsManifests() {
        CapabilityConfig requested = disabling("Console", "Ingress");
        CapabilityResolution.Resolved result = resolved(CapabilityResolver.resolve(requested, Set.of(),
                m -> m.name().equals("console-operator"), MANIFESTS));

        assertThat(result.config().implicitlyEnabled()).containsExactly("Console");
        assertThat(result.config().enabled()).contains("Console").doesNotContain("Ingress");
        CapabilityFilter filter = new CapabilityFilter(result.config());
        assertThat(filter.reason(named("openshift-console"))).as("the namespace is pulled in too").isEmpty();
        assertThat(filter.reason(named("openshift-ingress"))).contains("capability Ingress disabled");

        assertThat(result.implicitEnablements()).singleElement().satisfies(e -> {
            assertThat(e.manifest().name()).isEqualTo("console-operator");
            assertThat(e.capabilities()).containsExactly("Console");
        });
        Diagnostic warning = result.diagnostics().warnings().get(0);
        assertThat(warning.location().file()).isEqualTo("manifests/console.yaml");
        assertThat(warning.location().documentIndex()).isEqualTo(1);
        assertThat(warning.object()).isEqualTo("Deployment/console-operator");
        assertThat(warning.message()).isEqualTo("already exists on the cluster although capability Console is "
                + "disabled, so Console is implicitly enabled and all of its manifests are included");
        assertThat(CapabilityReport.condition(result.config(), null).message())
                .isEqualTo("The following capabilities could not be disabled: Console");
    }

    @Test
    void everyDisabledCapabilityOfAnExistingMultiCapabilityObjectIsEnabled() {
        CapabilityConfig requested = disabling("CloudCredential", "Ingress", "Console");
        CapabilityResolution.Resolved result = resolved(CapabilityResolver.resolve(requested, Set.of(),
                m -> m.kind().equals("CredentialsRequest"), MANIFESTS));
        assertThat(result.config().implicitlyEnabled()).containsExactly("CloudCredential", "Ingress");
        assertThat(result.diagnostics().warnings().get(0).message()).contains("capabilities CloudCredential, Ingress");
    }

    @Test
    void disablingWhatAnEarlierInstallEnabledIsRejected() {
        CapabilityResolution resolution = CapabilityResolver.resolve(disabling("Console"),
                Set.of("Console", "Insights", "Ingress"), m -> false, MANIFESTS);

        assertThat(resolution).isInstanceOf(CapabilityResolution.Rejected.class);
        CapabilityResolution.Rejected rejected = (CapabilityResolution.Rejected) resolution;
        assertThat(rejected.capabilities()).containsExactly("Console");
        assertThat(rejected.message()).startsWith("capability Console was enabled by an earlier install of this "
                + "target and cannot be disabled").contains("The following capabilities could not be disabled: Console");
        assertThat(rejected.cvoCondition().message())
                .isEqualTo("The following capabilities could not be disabled: Console");
        assertThat(rejected.cvoCondition().reason()).isEqualTo("CapabilitiesImplicitlyEnabled");
        Diagnostic error = rejected.diagnostics().errors().get(0);
        assertThat(error.location().file()).isEqualTo("command line");
    }

    @Test
    void rejectionNamesEveryNewlyDisabledCapabilitySorted() {
        CapabilityConfig none = factory.fromFlags("None", List.of(), List.of()).config().orElseThrow();
        CapabilityResolution.Rejected rejected = (CapabilityResolution.Rejected) CapabilityResolver.resolve(none,
                Set.of("Insights", "Console"), m -> false, MANIFESTS);
        assertThat(rejected.message()).startsWith("capabilities Console, Insights were enabled by an earlier install");
    }

    @Test
    void enablingLaterIsFineAndThePreviouslySkippedManifestsApply() {
        CapabilityConfig before = disabling("Console");
        CapabilityConfig now = factory.defaults();
        assertThat(new CapabilityFilter(before).reason(named("console-operator"))).isPresent();

        CapabilityResolution.Resolved result = resolved(CapabilityResolver.resolve(now, before.enabled(),
                m -> false, MANIFESTS));
        assertThat(result.config().implicitlyEnabled()).isEmpty();
        assertThat(new CapabilityFilter(result.config()).reason(named("console-operator"))).isEmpty();
    }

    @Test
    void disablingACapabilityNoManifestOfTheTargetCarriesIsNotARejection() {
        Predicate<Manifest> nothing = m -> false;
        assertThat(CapabilityResolver.resolve(disabling("Build"), Set.of("Build", "RetiredCapability"), nothing,
                MANIFESTS)).isInstanceOf(CapabilityResolution.Resolved.class);
        assertThat(CapabilityResolver.resolve(disabling("Build", "Insights"), Set.of("Build", "Insights"), nothing,
                MANIFESTS)).isInstanceOf(CapabilityResolution.Rejected.class);
    }
}
