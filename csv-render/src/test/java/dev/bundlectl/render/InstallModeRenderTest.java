package dev.bundlectl.render;

import static dev.bundlectl.render.RenderFixtures.NS;
import static dev.bundlectl.render.RenderFixtures.at;
import static dev.bundlectl.render.RenderFixtures.ofKind;
import static dev.bundlectl.render.RenderFixtures.only;
import static dev.bundlectl.render.RenderFixtures.refused;
import static dev.bundlectl.render.RenderFixtures.render;
import static dev.bundlectl.render.RenderFixtures.rendered;
import static dev.bundlectl.render.RenderFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.bundlectl.bundle.Manifest;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class InstallModeRenderTest {

    private static final String CSV_NAME = "demo-operator.v1.0.0";

    /** A CSV declaring these modes supported (the others unsupported), with namespaced and cluster rules. */
    private static Manifest csvSupporting(InstallModeType... supported) {
        StringBuilder modes = new StringBuilder();
        for (InstallModeType mode : InstallModeType.values()) {
            modes.append("    - {type: ").append(mode.wireName()).append(", supported: ")
                    .append(List.of(supported).contains(mode)).append("}\n");
        }
        return RenderFixtures.csv("""
                apiVersion: operators.coreos.com/v1alpha1
                kind: ClusterServiceVersion
                metadata:
                  name: %s
                spec:
                  version: 1.0.0
                  installModes:
                %s  install:
                    strategy: deployment
                    spec:
                      deployments:
                        - name: demo-operator
                          spec:
                            selector: {matchLabels: {app: demo}}
                            template:
                              metadata: {labels: {app: demo}}
                              spec:
                                serviceAccountName: demo-sa
                                containers: [{name: manager, image: example.com/demo:1.0.0}]
                      permissions:
                        - serviceAccountName: demo-sa
                          rules:
                            - {apiGroups: [""], resources: [configmaps], verbs: [get, list, watch]}
                      clusterPermissions:
                        - serviceAccountName: demo-sa
                          rules:
                            - {apiGroups: [demo.example.com], resources: [demos], verbs: ["*"]}
                """.formatted(CSV_NAME, modes));
    }

    private static final Manifest ALL_MODES = csvSupporting(InstallModeType.values());

    private static String targetNamespaces(RenderOutcome.Rendered rendered) {
        RenderedObject deployment = only(rendered, "Deployment");
        String onPods = at(deployment, "/spec/template/metadata/annotations/olm.targetNamespaces");
        assertThat(at(deployment, "/metadata/annotations/olm.targetNamespaces")).isEqualTo(onPods);
        assertThat(at(deployment, "/spec/template/metadata/annotations/olm.operatorNamespace")).isEqualTo(NS);
        return onPods;
    }

    @Nested
    class Modes {

        @Test
        void allNamespacesLiftsPermissionsToClusterRolesWithNamespaceReadAccess() {
            RenderOutcome.Rendered rendered = rendered(render(ALL_MODES,
                    request(InstallModeType.ALL_NAMESPACES, List.of(), null)));

            assertThat(rendered.installMode().type()).isEqualTo(InstallModeType.ALL_NAMESPACES);
            assertThat(targetNamespaces(rendered)).isEmpty();
            assertThat(ofKind(rendered, "Role")).isEmpty();
            assertThat(ofKind(rendered, "RoleBinding")).isEmpty();
            List<RenderedObject> clusterRoles = ofKind(rendered, "ClusterRole");
            assertThat(clusterRoles).hasSize(2);
            RenderedObject lifted = clusterRoles.get(0);
            assertThat(lifted.body().path("rules").toString()).isEqualTo("[{\"apiGroups\":[\"\"],\"resources\":"
                    + "[\"configmaps\"],\"verbs\":[\"get\",\"list\",\"watch\"]},{\"apiGroups\":[\"\"],\"resources\":"
                    + "[\"namespaces\"],\"verbs\":[\"get\",\"list\",\"watch\"]}]");
            assertThat(clusterRoles.get(1).body().path("rules").toString()).contains("demo.example.com")
                    .doesNotContain("namespaces");
            assertThat(ofKind(rendered, "ClusterRoleBinding")).extracting(o -> at(o, "/roleRef/name"),
                    o -> at(o, "/subjects/0/name"), o -> at(o, "/subjects/0/namespace"))
                    .containsExactly(tuple(clusterRoles.get(0).name(), "demo-sa", NS),
                            tuple(clusterRoles.get(1).name(), "demo-sa", NS));
        }

        @Test
        void ownNamespaceScopesPermissionsToTheInstallNamespace() {
            RenderOutcome.Rendered rendered = rendered(render(ALL_MODES,
                    request(InstallModeType.OWN_NAMESPACE, List.of(), null)));

            assertThat(rendered.installMode().targetNamespaces()).containsExactly(NS);
            assertThat(targetNamespaces(rendered)).isEqualTo(NS);
            assertThat(ofKind(rendered, "Role")).extracting(RenderedObject::namespace).containsExactly(NS);
            assertThat(ofKind(rendered, "RoleBinding")).extracting(RenderedObject::namespace).containsExactly(NS);
            assertThat(only(rendered, "Role").body().path("rules").toString()).doesNotContain("namespaces");
            assertThat(only(rendered, "ClusterRole").body().path("rules").toString()).contains("demo.example.com");
        }

        @Test
        void singleNamespaceGetsRolesInTheWatchedAndTheOperatorNamespace() {
            RenderOutcome.Rendered rendered = rendered(render(ALL_MODES,
                    request(InstallModeType.SINGLE_NAMESPACE, List.of("team-a"), null)));

            assertThat(targetNamespaces(rendered)).isEqualTo("team-a");
            assertThat(ofKind(rendered, "Role")).extracting(RenderedObject::namespace).containsExactly(NS, "team-a");
            assertThat(ofKind(rendered, "RoleBinding")).extracting(RenderedObject::namespace, o -> at(o, "/roleRef/kind"),
                    o -> at(o, "/subjects/0/namespace"))
                    .containsExactly(tuple(NS, "Role", NS), tuple("team-a", "Role", NS));
            assertThat(only(rendered, "Deployment").namespace()).isEqualTo(NS);
            assertThat(only(rendered, "ServiceAccount").namespace()).isEqualTo(NS);
        }

        @Test
        void multiNamespaceJoinsTheSortedTargetsAndScopesRolesToEach() {
            RenderOutcome.Rendered rendered = rendered(render(ALL_MODES,
                    request(InstallModeType.MULTI_NAMESPACE, List.of("team-b", "team-a", "team-b"), null)));

            assertThat(targetNamespaces(rendered)).isEqualTo("team-a,team-b");
            assertThat(ofKind(rendered, "Role")).extracting(RenderedObject::namespace)
                    .containsExactly(NS, "team-a", "team-b");
            assertThat(ofKind(rendered, "Role")).extracting(RenderedObject::name).containsOnly(
                    ofKind(rendered, "Role").get(0).name());
            assertThat(ofKind(rendered, "ClusterRole")).hasSize(1);
        }

        @Test
        void aMultiNamespaceListWithTheOperatorNamespaceCreatesItsRoleOnce() {
            RenderOutcome.Rendered rendered = rendered(render(ALL_MODES,
                    request(InstallModeType.MULTI_NAMESPACE, List.of(NS, "team-a"), null)));

            assertThat(targetNamespaces(rendered)).isEqualTo("operators,team-a");
            assertThat(ofKind(rendered, "Role")).extracting(RenderedObject::namespace).containsExactly(NS, "team-a");
        }
    }

    @Nested
    class Defaults {

        @Test
        void allNamespacesWhenSupported() {
            RenderOutcome.Rendered rendered = rendered(render(ALL_MODES, request(null, List.of(), null)));

            assertThat(rendered.installMode().type()).isEqualTo(InstallModeType.ALL_NAMESPACES);
        }

        @Test
        void elseOwnNamespace() {
            RenderOutcome.Rendered rendered = rendered(render(
                    csvSupporting(InstallModeType.OWN_NAMESPACE, InstallModeType.SINGLE_NAMESPACE),
                    request(null, List.of(), null)));

            assertThat(rendered.installMode().type()).isEqualTo(InstallModeType.OWN_NAMESPACE);
            assertThat(targetNamespaces(rendered)).isEqualTo(NS);
        }

        @Test
        void elseRefusedAskingForAModeAndWatchNamespaces() {
            List<RenderProblem> problems = refused(render(
                    csvSupporting(InstallModeType.SINGLE_NAMESPACE, InstallModeType.MULTI_NAMESPACE),
                    request(null, List.of(), null)));

            assertThat(problems).containsExactly(new RenderProblem("spec.installModes", CSV_NAME
                    + " supports neither AllNamespaces nor OwnNamespace; supported: SingleNamespace, MultiNamespace:"
                    + " choose one with --install-mode and --watch-namespace"));
        }

        @Test
        void watchNamespacesImplyTheModeAsAnOperatorGroupsTargetsDo() {
            assertThat(rendered(render(ALL_MODES, request(null, List.of(NS), null))).installMode().type())
                    .isEqualTo(InstallModeType.OWN_NAMESPACE);
            assertThat(rendered(render(ALL_MODES, request(null, List.of("team-a"), null))).installMode().type())
                    .isEqualTo(InstallModeType.SINGLE_NAMESPACE);
            assertThat(rendered(render(ALL_MODES, request(null, List.of("team-a", "team-b"), null))).installMode()
                    .type()).isEqualTo(InstallModeType.MULTI_NAMESPACE);
        }
    }

    @Nested
    class Refusals {

        @Test
        void aModeTheCsvDoesNotDeclareIsRefusedListingTheDeclaredOnes() {
            Manifest csv = csvSupporting(InstallModeType.OWN_NAMESPACE, InstallModeType.ALL_NAMESPACES);

            List<RenderProblem> problems = refused(render(csv,
                    request(InstallModeType.MULTI_NAMESPACE, List.of("team-a", "team-b"), null)));

            assertThat(problems).containsExactly(new RenderProblem("spec.installModes", "install mode MultiNamespace is"
                    + " not supported by " + CSV_NAME + "; supported: OwnNamespace, AllNamespaces"));
        }

        @Test
        void aCsvWithNoSupportedModeSaysSo() {
            List<RenderProblem> problems = refused(render(csvSupporting(),
                    request(InstallModeType.OWN_NAMESPACE, List.of(), null)));

            assertThat(problems).extracting(RenderProblem::message).containsExactly("install mode OwnNamespace is not"
                    + " supported by " + CSV_NAME + "; it declares no supported install mode");
        }

        @Test
        void watchingTheOperatorNamespaceInMultiNamespaceNeedsOwnNamespaceSupport() {
            Manifest csv = csvSupporting(InstallModeType.MULTI_NAMESPACE);

            List<RenderProblem> problems = refused(render(csv,
                    request(InstallModeType.MULTI_NAMESPACE, List.of(NS, "team-a"), null)));

            assertThat(problems).extracting(RenderProblem::message).containsExactly("MultiNamespace watching the"
                    + " install namespace operators needs OwnNamespace support, which " + CSV_NAME
                    + " does not declare; supported: MultiNamespace");
        }

        @Test
        void watchNamespacesThatContradictTheModeAreRefused() {
            assertThat(refused(render(ALL_MODES, request(InstallModeType.ALL_NAMESPACES, List.of("a"), null))))
                    .extracting(RenderProblem::message)
                    .containsExactly("AllNamespaces watches every namespace; remove --watch-namespace a");
            assertThat(refused(render(ALL_MODES, request(InstallModeType.OWN_NAMESPACE, List.of("a"), null))))
                    .extracting(RenderProblem::message).containsExactly("OwnNamespace watches the install namespace"
                            + " operators; --watch-namespace a contradicts it");
            assertThat(refused(render(ALL_MODES, request(InstallModeType.SINGLE_NAMESPACE, List.of(), null))))
                    .extracting(RenderProblem::message)
                    .containsExactly("SingleNamespace needs exactly one --watch-namespace, got none");
            assertThat(refused(render(ALL_MODES, request(InstallModeType.SINGLE_NAMESPACE, List.of(NS), null))))
                    .extracting(RenderProblem::message).containsExactly("SingleNamespace watches a namespace other"
                            + " than the install namespace operators; to watch it, use --install-mode OwnNamespace");
            assertThat(refused(render(ALL_MODES, request(InstallModeType.MULTI_NAMESPACE, List.of(), null))))
                    .extracting(RenderProblem::message)
                    .containsExactly("MultiNamespace needs the namespaces to watch: --watch-namespace a,b");
        }

        @Test
        void anInvalidWatchNamespaceIsRejectedWhenTheRequestIsMade() {
            org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                    .isThrownBy(() -> new RenderOptions(InstallModeType.SINGLE_NAMESPACE, List.of("Team_A"), null))
                    .withMessageStartingWith("watch namespace \"Team_A\" is not a DNS label");
        }
    }
}
