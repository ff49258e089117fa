package dev.bundlectl.plan.olm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.testing.TestBundles;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.render.InstallModeType;
import dev.bundlectl.render.RenderOptions;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** OLM's rules across namespaces (docs/semantics.md §6), one at a time. */
class CrossNamespaceRulesTest {

    private static final String NS = "team-b";
    private static final Manifest CSV = TestBundles.manifest("manifests/op.clusterserviceversion.yaml", """
            apiVersion: operators.coreos.com/v1alpha1
            kind: ClusterServiceVersion
            metadata: {name: op.v1.0.0}
            spec:
              installModes:
              - {type: OwnNamespace, supported: true}
              - {type: SingleNamespace, supported: true}
              - {type: MultiNamespace, supported: true}
              - {type: AllNamespaces, supported: true}
              customresourcedefinitions:
                owned:
                - {name: widgets.example.com, version: v1, kind: Widget}
              apiservicedefinitions:
                owned:
                - {group: metrics.example.com, version: v1beta1, kind: Sample, name: samples}
            """);
    private static final RenderOptions OWN = new RenderOptions(InstallModeType.OWN_NAMESPACE, List.of(), null);
    private static final ProvidedApi WIDGET = new ProvidedApi("example.com", "v1", "Widget");

    private static CrossNamespaceVerdict judge(RenderOptions options, OtherNamespaces elsewhere) {
        OperatorGroupChoice choice = OperatorGroupChoice.of(CSV, NS, options, OlmCluster.live(List.of(), "v1.26.4"));
        return CrossNamespaceRules.judge(CSV, "op", NS, choice, options, elsewhere);
    }

    private static OtherNamespaces groups(ClusterOperatorGroup... groups) {
        return new OtherNamespaces.Read(List.of(groups), List.of());
    }

    private static ClusterOperatorGroup group(String namespace, List<String> targets, String providedApis) {
        return new ClusterOperatorGroup(namespace, namespace, TargetNamespaces.of(namespace, targets),
                ProvidedApi.parse(providedApis), false);
    }

    @Test
    void theProvidedApisAreTheOwnedCrdsAndApiServicesAsOlmWritesThem() {
        assertThat(ProvidedApi.ofCsv(CSV)).extracting(ProvidedApi::toString)
                .containsExactly("Sample.v1beta1.metrics.example.com", "Widget.v1.example.com");
        assertThat(ProvidedApi.parse("Widget.v1.example.com, Sample.v1beta1.metrics.example.com,broken,Pod.v1."))
                .containsExactlyInAnyOrder(WIDGET, new ProvidedApi("metrics.example.com", "v1beta1", "Sample"),
                        new ProvidedApi("", "v1", "Pod"));
        assertThat(ProvidedApi.parse(null)).isEmpty();
    }

    @Test
    void namespacesOverlapAsOlmIntersectsThem() {
        TargetNamespaces all = TargetNamespaces.of("x", List.of());
        TargetNamespaces own = TargetNamespaces.of("y", List.of("y"));
        TargetNamespaces other = TargetNamespaces.of("z", List.of("a"));
        assertThat(all.overlaps(own)).isTrue();
        assertThat(all.overlaps(TargetNamespaces.of("w", List.of("")))).isTrue();
        assertThat(own.overlaps(other)).isFalse();
        assertThat(TargetNamespaces.of("z", List.of("y")).overlaps(own)).isTrue();
        assertThat(all.overlaps(TargetNamespaces.none())).as("a group OLM has not reconciled serves nothing yet")
                .isFalse();
        assertThat(other).hasToString("a, z");
        assertThat(all).hasToString("all namespaces");
    }

    @Test
    void anotherGroupProvidingTheSameApiToOverlappingNamespacesIsOlmsConflictNamingTheGroup() {
        CrossNamespaceVerdict verdict = judge(OWN, groups(group("team-a", List.of(), "Widget.v1.example.com"),
                group("team-c", List.of("team-c"), "Widget.v1.example.com")));

        assertThat(verdict).isInstanceOf(CrossNamespaceVerdict.Refused.class);
        assertThat(((CrossNamespaceVerdict.Refused) verdict).message()).isEqualTo("InterOperatorGroupOwnerConflict: "
                + "OLM would fail op.v1.0.0 (\"intersecting operatorgroups provide the same apis\"): OperatorGroup "
                + "team-a in namespace team-a (serving all namespaces) already provides Widget.v1.example.com, and "
                + "this install's OperatorGroup in team-b serves team-b");
    }

    @Test
    void noSharedApiOrNoSharedNamespaceIsNoConflict() {
        assertThat(judge(OWN, groups(group("team-a", List.of(), "Gadget.v1.example.com"),
                group("team-c", List.of("team-c"), "Widget.v1.example.com"))))
                .isEqualTo(CrossNamespaceVerdict.CLEAR);
    }

    @Test
    void theInstallsOwnGroupIsNotAnother() {
        OtherNamespaces elsewhere = groups(new ClusterOperatorGroup(NS, NS, TargetNamespaces.of(NS, List.of()),
                Set.of(WIDGET), false));
        assertThat(judge(RenderOptions.DEFAULTS, elsewhere)).isEqualTo(CrossNamespaceVerdict.CLEAR);
    }

    @Test
    void theSameOperatorServingTheNamespaceFromAnotherIsAlreadyServedUnlessAModeAskedForASecondCopy() {
        OtherNamespaces elsewhere = new OtherNamespaces.Read(List.of(group("ops", List.of(), "Widget.v1.example.com")),
                List.of(new CopiedCsv("op.v1.0.0", "ops", "ops", Optional.of("op"), "Succeeded")));

        CrossNamespaceVerdict byDefault = judge(RenderOptions.DEFAULTS, elsewhere);
        CrossNamespaceVerdict ownAsked = judge(OWN, elsewhere);

        assertThat(byDefault).isInstanceOf(CrossNamespaceVerdict.AlreadyServed.class);
        assertThat(((CrossNamespaceVerdict.AlreadyServed) byDefault).message()).isEqualTo("op.v1.0.0 already runs in "
                + "namespace ops (OperatorGroup ops, serving all namespaces) and serves team-b (OLM: Succeeded); "
                + "nothing to install here: `status -n ops` shows it");
        assertThat(((CrossNamespaceVerdict.Refused) ownAsked).message()).startsWith("InterOperatorGroupOwnerConflict")
                .endsWith("; the same operator already serves team-b from namespace ops");
    }

    @Test
    void anotherVersionOfTheSamePackageIsAnUpgradeWhereItRuns() {
        OtherNamespaces elsewhere = new OtherNamespaces.Read(List.of(group("ops", List.of(), "")),
                List.of(new CopiedCsv("op.v0.9.0", "ops", "ops", Optional.of("op"), "Succeeded")));

        CrossNamespaceVerdict verdict = judge(RenderOptions.DEFAULTS, elsewhere);

        assertThat(((CrossNamespaceVerdict.Refused) verdict).message()).isEqualTo("op.v0.9.0 of package op runs in "
                + "namespace ops (OperatorGroup ops, serving all namespaces) and serves team-b; op.v1.0.0 is another "
                + "version of the same operator: that is an upgrade in ops (install it with -n ops), not a second "
                + "install here");
    }

    @Test
    void aCopyOfAnotherPackageOrOfUnknownPackageAndNameIsNotTheSameOperator() {
        OtherNamespaces elsewhere = new OtherNamespaces.Read(List.of(), List.of(
                new CopiedCsv("op.v0.9.0", "ops", "ops", Optional.empty(), "Succeeded"),
                new CopiedCsv("op.v1.0.0", "ops", "ops", Optional.of("someone-else"), "Succeeded")));
        assertThat(judge(RenderOptions.DEFAULTS, elsewhere)).isEqualTo(CrossNamespaceVerdict.CLEAR);
    }

    @Test
    void offlineOrUnreadNothingIsPredictedAndTheAssumptionIsSaid() {
        CrossNamespaceVerdict offline = judge(RenderOptions.DEFAULTS, OtherNamespaces.offline());
        CrossNamespaceVerdict refused = judge(RenderOptions.DEFAULTS,
                new OtherNamespaces.Unread("cannot list the OperatorGroups of every namespace (forbidden)"));

        assertThat(((CrossNamespaceVerdict.Assumed) offline).note()).isEqualTo("OLM mode: offline, so assumed that no "
                + "OperatorGroup of another namespace provides its APIs here and that it does not already run "
                + "elsewhere for team-b");
        assertThat(((CrossNamespaceVerdict.Assumed) refused).note()).startsWith("OLM mode: cannot list the "
                + "OperatorGroups of every namespace (forbidden), so assumed");
        assertThat(OlmNotes.isNoteOnly(((CrossNamespaceVerdict.Assumed) offline).note())).isTrue();
    }

    @Test
    void aFailedOperatorGroupStepSettlesItFirst() {
        OlmCluster two = OlmCluster.live(List.of(new ExistingOperatorGroup("a", List.of(), false),
                new ExistingOperatorGroup("b", List.of(), false)), "v1.26.4");
        OperatorGroupChoice choice = OperatorGroupChoice.of(CSV, NS, RenderOptions.DEFAULTS, two);
        assertThat(choice.status()).isEqualTo(StepStatus.FAILED);
        assertThat(CrossNamespaceRules.judge(CSV, "op", NS, choice, RenderOptions.DEFAULTS, OtherNamespaces.offline()))
                .isEqualTo(CrossNamespaceVerdict.CLEAR);
    }
}
