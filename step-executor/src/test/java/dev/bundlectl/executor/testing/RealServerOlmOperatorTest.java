package dev.bundlectl.executor.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The harness itself: OLM v0's real olm-operator, on the real API server, takes a hand-made CSV to
 * {@code Succeeded} once its namespace has an OperatorGroup and the CSV's service account and
 * permissions exist, and {@link KubeletStandIn} (the one simulated part) marks the Deployment OLM
 * creates as rolled out; without an OperatorGroup it fails the CSV.
 */
@ExtendWith(RealOlmExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerOlmOperatorTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String CSV = "smoke-operator.v0.1.0";

    @Test
    void aCsvWithItsOperatorGroupAndPermissionsSucceedsOnceItsDeploymentRollsOut(RealOlm olm) {
        RealApiServer server = olm.server();
        String ns = server.newNamespace("olm-smoke");
        // RBAC before the CSV, as OLM's InstallPlans order it: the operator does not re-check a
        // CSV whose requirements were missing until the CSV changes or its resync interval ends.
        server.create(operatorGroup(ns));
        server.create(serviceAccount(ns));
        server.create(role(ns));
        server.create(roleBinding(ns));
        server.create(csv(ns));
        try {
            assertThat(KubeletStandIn.of(server).markRolledOut(ns, CSV, TIMEOUT)).containsExactly("smoke-operator");

            Map<String, Object> status = olm.awaitCsvPhase(ns, CSV, "Succeeded", TIMEOUT);

            assertThat(status.get("reason")).isEqualTo("InstallSucceeded");
            assertThat(status.get("message")).isEqualTo("install strategy completed with no errors");
        } finally {
            deleteCsv(server, ns);
        }
    }

    @Test
    void theBackgroundStandInLetsACsvSucceedWhileTheTestWaitsInTheForeground(RealOlm olm) {
        RealApiServer server = olm.server();
        String ns = server.newNamespace("olm-background");
        server.create(operatorGroup(ns));
        server.create(serviceAccount(ns));
        server.create(role(ns));
        server.create(roleBinding(ns));
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(server).start(ns, CSV)) {
            server.create(csv(ns));

            Map<String, Object> status = olm.awaitCsvPhase(ns, CSV, "Succeeded", TIMEOUT);

            assertThat(status.get("reason")).isEqualTo("InstallSucceeded");
            assertThat(kubelet.marked()).containsExactly("smoke-operator");
        } finally {
            deleteCsv(server, ns);
        }
    }

    @Test
    void aCsvInANamespaceWithoutOperatorGroupFails(RealOlm olm) {
        RealApiServer server = olm.server();
        String ns = server.newNamespace("olm-no-og");
        server.create(serviceAccount(ns));
        server.create(csv(ns));
        try {
            Map<String, Object> status = olm.awaitCsvPhase(ns, CSV, "Failed", TIMEOUT);

            assertThat(status.get("reason")).isEqualTo("NoOperatorGroup");
        } finally {
            deleteCsv(server, ns);
        }
    }

    private static void deleteCsv(RealApiServer server, String ns) {
        // The operator watches every namespace for the rest of the run: leave it nothing to loop on.
        server.client().genericKubernetesResources(RealOlm.CSV_API_VERSION, "ClusterServiceVersion")
                .inNamespace(ns).withName(CSV).delete();
    }

    private static String operatorGroup(String ns) {
        return """
                apiVersion: operators.coreos.com/v1
                kind: OperatorGroup
                metadata: {name: %1$s, namespace: %1$s}
                spec:
                  targetNamespaces: [%1$s]
                """.formatted(ns);
    }

    private static String serviceAccount(String ns) {
        return """
                apiVersion: v1
                kind: ServiceAccount
                metadata: {name: smoke-operator, namespace: %s}
                """.formatted(ns);
    }

    private static String role(String ns) {
        return """
                apiVersion: rbac.authorization.k8s.io/v1
                kind: Role
                metadata: {name: smoke-operator, namespace: %s}
                rules:
                - apiGroups: [""]
                  resources: [configmaps]
                  verbs: [get, list, watch]
                """.formatted(ns);
    }

    private static String roleBinding(String ns) {
        return """
                apiVersion: rbac.authorization.k8s.io/v1
                kind: RoleBinding
                metadata: {name: smoke-operator, namespace: %1$s}
                roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: smoke-operator}
                subjects:
                - {kind: ServiceAccount, name: smoke-operator, namespace: %1$s}
                """.formatted(ns);
    }

    /** A minimal CSV: OwnNamespace, one Deployment, permissions exactly the Role's rules. */
    private static String csv(String ns) {
        return """
                apiVersion: operators.coreos.com/v1alpha1
                kind: ClusterServiceVersion
                metadata: {name: %2$s, namespace: %1$s}
                spec:
                  displayName: Smoke Operator
                  version: 0.1.0
                  installModes:
                  - {type: OwnNamespace, supported: true}
                  - {type: SingleNamespace, supported: true}
                  - {type: MultiNamespace, supported: false}
                  - {type: AllNamespaces, supported: false}
                  install:
                    strategy: deployment
                    spec:
                      permissions:
                      - serviceAccountName: smoke-operator
                        rules:
                        - apiGroups: [""]
                          resources: [configmaps]
                          verbs: [get, list, watch]
                      deployments:
                      - name: smoke-operator
                        spec:
                          replicas: 1
                          selector:
                            matchLabels: {app: smoke-operator}
                          template:
                            metadata:
                              labels: {app: smoke-operator}
                            spec:
                              serviceAccountName: smoke-operator
                              containers:
                              - name: manager
                                image: registry.invalid/smoke-operator:0.1.0
                """.formatted(ns, CSV);
    }
}
