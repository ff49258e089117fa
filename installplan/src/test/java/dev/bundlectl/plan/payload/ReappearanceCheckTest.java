package dev.bundlectl.plan.payload;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReappearanceCheckTest {

    private static final Instant AT = Instant.parse("2024-05-01T10:00:00Z");
    private static final PreviouslyDeleted DEPLOYMENT =
            new PreviouslyDeleted("apps", "Deployment", "openshift-machine-api", "cluster-baremetal-operator-hostedcluster", AT);
    private static final PreviouslyDeleted ROLE_BINDING =
            new PreviouslyDeleted("rbac.authorization.k8s.io", "ClusterRoleBinding", null, "old-binding", AT);
    private static final PreviouslyDeleted STILL_GONE = new PreviouslyDeleted("", "ConfigMap", "ns", "gone", AT);

    @Test
    void warnsForEveryDeletedObjectThatExistsAgain() {
        Set<PreviouslyDeleted> existing = Set.of(DEPLOYMENT, ROLE_BINDING);
        List<String> warnings = ReappearanceCheck.warnings(List.of(DEPLOYMENT, STILL_GONE, ROLE_BINDING),
                existing::contains);
        assertThat(warnings).containsExactly(
                "Deployment \"openshift-machine-api/cluster-baremetal-operator-hostedcluster\" has reappeared after "
                        + "having been deleted at 2024-05-01T10:00:00Z",
                "ClusterRoleBinding \"old-binding\" has reappeared after having been deleted at 2024-05-01T10:00:00Z");
    }

    @Test
    void nothingReappearedNothingToSay() {
        assertThat(ReappearanceCheck.warnings(List.of(DEPLOYMENT), o -> false)).isEmpty();
    }
}
