package dev.bundlectl.controller.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntryBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the informer keeps of each BundleInstall between events. */
class StatuslessStoreTest {

    @Test
    void keepsKeyVersionAndSpecAndDropsStatusAndManagedFields() {
        StatuslessStore store = new StatuslessStore();
        GenericKubernetesResource install = install("7");

        String key = store.getKey(install);
        assertThat(store.put(key, install)).isNull();

        GenericKubernetesResource kept = store.get(key);
        assertThat(key).isEqualTo("team-a/cachebox");
        assertThat(kept.getMetadata().getResourceVersion()).isEqualTo("7");
        assertThat(kept.getMetadata().getLabels()).containsEntry("tier", "infra");
        assertThat(kept.getMetadata().getManagedFields()).isNullOrEmpty();
        assertThat(kept.getAdditionalProperties()).containsOnlyKeys("spec");
        assertThat(kept.getApiVersion()).isEqualTo("bundlectl.dev/v1alpha1");
        assertThat(install.getAdditionalProperties()).as("the object handed to the handlers is left whole")
                .containsKeys("spec", "status");
        assertThat(install.getMetadata().getManagedFields()).hasSize(1);
    }

    @Test
    void anUpdateAnswersTheSlimOldObjectAndResyncSeesTheSameVersion() {
        StatuslessStore store = new StatuslessStore();
        store.put("team-a/cachebox", install("7"));

        GenericKubernetesResource old = store.put("team-a/cachebox", install("8"));

        assertThat(old.getMetadata().getResourceVersion()).isEqualTo("7");
        assertThat(old.getAdditionalProperties()).doesNotContainKey("status");
        assertThat(store.values()).singleElement().satisfies(now ->
                assertThat(now.getMetadata().getResourceVersion()).isEqualTo("8"));
        assertThat(store.keySet()).containsExactly("team-a/cachebox");
        assertThat(store.remove("team-a/cachebox").getMetadata().getResourceVersion()).isEqualTo("8");
        assertThat(store.size()).isZero();
    }

    private static GenericKubernetesResource install(String resourceVersion) {
        GenericKubernetesResource install = new GenericKubernetesResource();
        install.setApiVersion("bundlectl.dev/v1alpha1");
        install.setKind("BundleInstall");
        install.setMetadata(new ObjectMetaBuilder().withNamespace("team-a").withName("cachebox")
                .withResourceVersion(resourceVersion).addToLabels("tier", "infra")
                .withManagedFields(List.of(new ManagedFieldsEntryBuilder().withManager("bundlectl-controller")
                        .withOperation("Update").build()))
                .build());
        install.setAdditionalProperty("spec", Map.of("packageName", "cachebox-operator"));
        install.setAdditionalProperty("status", Map.of("phase", "Complete", "plan", Map.of("steps", List.of("x"))));
        return install;
    }
}
