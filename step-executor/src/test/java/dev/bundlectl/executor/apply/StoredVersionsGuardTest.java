package dev.bundlectl.executor.apply;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.testing.Manifests;
import org.junit.jupiter.api.Test;

class StoredVersionsGuardTest {

    private final StoredVersionsGuard guard = new StoredVersionsGuard();

    private static ObjectNode live(String... stored) {
        ObjectNode live = Manifests.crd("example.com", "widgets", "Widget", "v1");
        var list = live.putObject("status").putArray("storedVersions");
        for (String version : stored) {
            list.add(version);
        }
        return live;
    }

    @Test
    void allowsAnUpdateThatKeepsEveryStoredVersion() {
        assertThat(guard.refuse(Manifests.crd("example.com", "widgets", "Widget", "v2", "v1"), live("v1"))).isEmpty();
    }

    @Test
    void namesEveryDroppedVersion() {
        assertThat(guard.refuse(Manifests.crd("example.com", "widgets", "Widget", "v2"), live("v1alpha1", "v1")))
                .contains("risk of data loss updating CustomResourceDefinition widgets.example.com: stored versions "
                        + "v1alpha1, v1 are not in the new spec's versions [v2]");
    }

    @Test
    void readsTheSingleVersionOfAV1beta1Crd() {
        ObjectNode v1beta1 = Manifests.object("apiextensions.k8s.io/v1beta1", "CustomResourceDefinition",
                "widgets.example.com");
        v1beta1.putObject("spec").put("version", "v1alpha1");

        assertThat(guard.refuse(v1beta1, live("v1alpha1"))).isEmpty();
        assertThat(StoredVersionsGuard.specVersions(v1beta1)).containsExactly("v1alpha1");
    }
}
