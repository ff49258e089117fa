package dev.bundlectl.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RenderNamesTest {

    @Test
    void theBaseNameDropsTheVersionAsSpecVersionSpellsIt() {
        assertThat(RenderNames.baseName("cachebox-operator.v0.3.1", "0.3.1")).isEqualTo("cachebox-operator");
        assertThat(RenderNames.baseName("elasticsearch-eck-operator-certified.2.5.0", "2.5.0"))
                .isEqualTo("elasticsearch-eck-operator-certified");
        assertThat(RenderNames.baseName("function-mesh.v0.3.0-rc.1", "0.3.0-rc.1")).isEqualTo("function-mesh");
        assertThat(RenderNames.baseName("acc-operator.v24.2.2", "24.2.2")).isEqualTo("acc-operator");
    }

    @Test
    void withoutAMatchingSpecVersionTheUsualSuffixIsDropped() {
        assertThat(RenderNames.baseName("etcdoperator.v0.9.4", null)).isEqualTo("etcdoperator");
        assertThat(RenderNames.baseName("habana-ai-operator.v1.9.0-580-2", "1.9.0")).isEqualTo("habana-ai-operator");
        assertThat(RenderNames.baseName("plain-operator", "1.0.0")).isEqualTo("plain-operator");
        assertThat(RenderNames.baseName("Odd_Name.v1", null)).isEqualTo("odd-name");
    }

    @Test
    void rbacNamesAreStableAcrossVersionsAndDistinctAcrossSourcesAndNamespaces() {
        String v1 = RenderNames.rbac(RenderNames.baseName("demo.v1.0.0", "1.0.0"), "demo-sa", "permissions", "ops");
        String v2 = RenderNames.rbac(RenderNames.baseName("demo.v2.3.0", "2.3.0"), "demo-sa", "permissions", "ops");

        assertThat(v1).isEqualTo(v2).matches("demo-demo-sa-[0-9a-f]{8}");
        assertThat(RenderNames.rbac("demo", "demo-sa", "clusterPermissions", "ops")).isNotEqualTo(v1);
        assertThat(RenderNames.rbac("demo", "demo-sa", "permissions", "other")).isNotEqualTo(v1);
    }

    @Test
    void longNamesAreCutToALabelAndStayDistinct() {
        String base = "a-very-long-operator-name-that-goes-on-and-on-for-ever";
        String first = RenderNames.rbac(base, "controller-manager-service-account-one", "permissions", "ns");
        String second = RenderNames.rbac(base, "controller-manager-service-account-two", "permissions", "ns");

        assertThat(first).hasSize(63).isNotEqualTo(second).matches("[a-z0-9]([-a-z0-9.]*[a-z0-9])?");
        assertThat(second).hasSize(63);
        assertThat(RenderNames.webhookService("x".repeat(70))).hasSizeLessThanOrEqualTo(63);
        assertThat(RenderNames.servingSecret("s".repeat(60))).hasSizeLessThanOrEqualTo(63);
    }

    @Test
    void webhookConfigurationNamesKeepTheWebhookNameAndHashTheNamespace() {
        assertThat(RenderNames.webhookConfiguration("vmemcache.kb.io", "ops")).matches("vmemcache\\.kb\\.io-[0-9a-f]{8}");
        assertThat(RenderNames.webhookConfiguration("vmemcache.kb.io", "ops"))
                .isNotEqualTo(RenderNames.webhookConfiguration("vmemcache.kb.io", "other"));
    }

    @Test
    void labelValuesAreCutToSixtyThreeCharactersWithAHash() {
        assertThat(RenderNames.labelValue("cachebox-operator.v0.3.1")).isEqualTo("cachebox-operator.v0.3.1");
        String longName = "an-operator-with-a-really-long-name.v1.2.3-and-a-long-prerelease.build";

        String value = RenderNames.labelValue(longName);

        assertThat(value).hasSizeLessThanOrEqualTo(63).matches("[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?")
                .startsWith("an-operator-with").isNotEqualTo(RenderNames.labelValue(longName + "x"));
    }
}
