package dev.bundlectl.plan.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class UnionApiSurfaceTest {

    private final StaticApiSurface cluster = StaticApiSurface.preferredVersionsOnly("kubectl file", List.of(
            new ApiResource("example.com", "v2", "Widget", "widgets", true),
            new ApiResource("", "v1", "Secret", "secrets", true)));
    private final StaticApiSurface crds = StaticApiSurface.of("crds", List.of(
            new ApiResource("example.com", "v2", "Widget", "widgetz", false),
            new ApiResource("example.com", "v1", "Widget", "widgetz", false)));

    @Test
    void findAsksTheFirstSurfaceFirst() {
        ApiSurface union = ApiSurface.union(cluster, crds);

        assertThat(union.find("example.com", "v2", "Widget"))
                .contains(new ApiResource("example.com", "v2", "Widget", "widgets", true));
        assertThat(union.find("example.com", "v1", "Widget"))
                .contains(new ApiResource("example.com", "v1", "Widget", "widgetz", false));
        assertThat(union.find("", "v1", "ConfigMap")).isEmpty();
    }

    @Test
    void versionsAreMergedAndCompletenessComesFromTheCompletePart() {
        ApiSurface union = ApiSurface.union(cluster, crds);

        assertThat(union.servedVersions("example.com", "Widget")).containsExactly("v1", "v2");
        assertThat(union.listsEveryVersion("example.com", "Widget")).isTrue();
        assertThat(union.listsEveryVersion("", "Secret")).isFalse();
        assertThat(union.servesKind("", "Secret")).isTrue();
        assertThat(union.servesKind("", "ConfigMap")).isFalse();
        assertThat(union.description()).isEqualTo("kubectl file + crds");
    }
}
