package dev.bundlectl.bundle.kinds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class GroupKindTest {

    @Test
    void textFormRoundTripsForCoreAndGroupedKinds() {
        assertThat(GroupKind.SECRET).hasToString("/Secret");
        assertThat(GroupKind.ROLE).hasToString("rbac.authorization.k8s.io/Role");
        assertThat(GroupKind.parse("/Secret")).isEqualTo(GroupKind.SECRET);
        assertThat(GroupKind.parse("console.openshift.io/ConsoleLink"))
                .isEqualTo(new GroupKind("console.openshift.io", "ConsoleLink"));
        assertThatThrownBy(() -> GroupKind.parse("Secret")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Secret");
    }

    @Test
    void csvAndCrdNeedTheirGroupButBareKindChecksDoNot() {
        assertThat(GroupKind.ofApiVersion("operators.coreos.com/v1alpha1", "ClusterServiceVersion").isCsv()).isTrue();
        assertThat(GroupKind.ofApiVersion("example.com/v1", "ClusterServiceVersion").isCsv()).isFalse();
        assertThat(GroupKind.CLUSTER_SERVICE_VERSION.hasKind("ClusterServiceVersion")).isTrue();
        assertThat(GroupKind.ofApiVersion("apiextensions.k8s.io/v1beta1", "CustomResourceDefinition").isCrd()).isTrue();
        assertThat(GroupKind.ofApiVersion("v1", "CustomResourceDefinition").isCrd()).isFalse();
        assertThat(GroupKind.CUSTOM_RESOURCE_DEFINITION.hasKind("CustomResourceDefinition")).isTrue();
        assertThat(GroupKind.CUSTOM_RESOURCE_DEFINITION.hasKind(null)).isFalse();
        assertThat(GroupKind.ofApiVersion("v1", "Secret")).isEqualTo(GroupKind.SECRET);
        assertThat(GroupKind.SECRET.isCore()).isTrue();
    }

    @Test
    void olmPrerequisitesAreGroupQualified() {
        assertThat(GroupKind.SERVICE.isOlmPrerequisite()).isTrue();
        assertThat(new GroupKind("example.com", "Service").isOlmPrerequisite()).isFalse();
        assertThat(GroupKind.CLUSTER_ROLE_BINDING.isOlmPrerequisite()).isTrue();
        assertThat(GroupKind.DEPLOYMENT.isOlmPrerequisite()).isFalse();
    }

    @Test
    void sortsByGroupThenKind() {
        TreeSet<GroupKind> sorted = new TreeSet<>(List.of(GroupKind.ROLE, GroupKind.SERVICE, GroupKind.SECRET,
                GroupKind.DEPLOYMENT, GroupKind.CLUSTER_ROLE));
        assertThat(sorted).containsExactly(GroupKind.SECRET, GroupKind.SERVICE, GroupKind.DEPLOYMENT,
                GroupKind.CLUSTER_ROLE, GroupKind.ROLE);
    }
}
