package dev.bundlectl.plan.capability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SortedSet;
import org.junit.jupiter.api.Test;

class CapabilitySetsTest {

    @Test
    void setNamesInVersionOrder() {
        assertThat(CapabilitySets.setNames()).containsExactly("None", "v4.11", "v4.12", "v4.13", "v4.14", "v4.15",
                "v4.16", "v4.17", "v4.18", "vCurrent");
    }

    @Test
    void everySetAsInTheSemanticsTable() {
        assertThat(set("None")).isEmpty();
        assertThat(set("v4.11")).containsExactlyInAnyOrder("baremetal", "marketplace", "openshift-samples",
                "MachineAPI");
        assertThat(added("v4.11", "v4.12")).containsExactlyInAnyOrder("Console", "Insights", "Storage", "CSISnapshot");
        assertThat(added("v4.12", "v4.13")).containsExactly("NodeTuning");
        assertThat(added("v4.13", "v4.14")).containsExactlyInAnyOrder("Build", "DeploymentConfig", "ImageRegistry");
        assertThat(added("v4.14", "v4.15")).containsExactlyInAnyOrder("OperatorLifecycleManager", "CloudCredential");
        assertThat(added("v4.15", "v4.16")).containsExactlyInAnyOrder("Ingress", "CloudControllerManager");
        assertThat(added("v4.16", "v4.17")).isEmpty();
        assertThat(added("v4.17", "v4.18")).containsExactly("OperatorLifecycleManagerV1");
        assertThat(added("v4.18", "vCurrent")).containsExactlyInAnyOrder("CompatibilityRequirements", "ClusterAPI");
    }

    @Test
    void vCurrentIsEveryKnownCapability() {
        assertThat(CapabilitySets.current()).isEqualTo(CapabilitySets.KNOWN).hasSize(19);
    }

    @Test
    void unknownSetIsEmptyOptional() {
        assertThat(CapabilitySets.baseline("v4.10")).isEmpty();
        assertThat(CapabilitySets.baseline("vcurrent")).as("set names are case-sensitive").isEmpty();
    }

    @Test
    void setsAreSortedLikeTheCvoAndUnmodifiable() {
        assertThat(List.copyOf(set("v4.11"))).containsExactly("MachineAPI", "baremetal", "marketplace",
                "openshift-samples");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> set("v4.11").add("x"))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    private static SortedSet<String> set(String name) {
        return CapabilitySets.baseline(name).orElseThrow();
    }

    private static List<String> added(String before, String after) {
        assertThat(set(after)).containsAll(set(before));
        return set(after).stream().filter(c -> !set(before).contains(c)).toList();
    }
}
