package dev.bundlectl.source.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.bundle.testing.SharedDirectory;
import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.bundle.version.VersionRange;
import dev.bundlectl.source.errors.CatalogException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UpgradeGraphTest {

    private static final String P = "cachebox-operator";

    private final Catalog sample = new CatalogLoader().load(SharedDirectory.repoRoot().resolve("samples/catalogs/cachebox"));

    private UpgradeGraph stable() {
        return UpgradeGraph.of(sample, sample.channelsOf(P).stream().filter(c -> c.name().equals("stable")).findFirst()
                .orElseThrow());
    }

    @Test
    void theSampleChannelsHeadIsTheEntryNothingReplacesOrSkips() {
        assertThat(stable().head()).isEqualTo("cachebox-operator.v0.4.0");
    }

    @Test
    void reachableThroughReplacesSkipsAndSkipRange() {
        UpgradeGraph graph = stable();
        assertThat(graph.reachable("cachebox-operator.v0.3.1", version("0.3.1"), "cachebox-operator.v0.4.0"))
                .as("replaces").isTrue();
        assertThat(graph.reachable("cachebox-operator.v0.3.0", version("0.3.0"), "cachebox-operator.v0.3.1"))
                .as("replaces").isTrue();
        assertThat(graph.reachable("cachebox-operator.v0.3.0", null, "cachebox-operator.v0.4.0")).as("skips").isTrue();
        assertThat(graph.reachable("cachebox-operator.v0.2.5", version("0.2.5"), "cachebox-operator.v0.4.0"))
                .as("skipRange, for a version the catalog does not list").isTrue();
        assertThat(graph.reachable("cachebox-operator.v0.2.5", version("0.2.5"), "cachebox-operator.v0.3.1"))
                .as("0.3.1 has no edge from 0.2.5").isFalse();
        assertThat(graph.reachable("cachebox-operator.v0.4.0", version("0.4.0"), "cachebox-operator.v0.3.1"))
                .as("no downgrade").isFalse();
        assertThat(graph.reachable("cachebox-operator.v0.3.1", version("0.3.1"), "cachebox-operator.v0.3.1"))
                .as("the same version is a re-run, not an upgrade").isFalse();
    }

    @Test
    void everyEdgeOfTheChannelByReplacesSkipsAndSkipRange() {
        assertThat(stable().edges()).containsExactly(
                new ChannelEdge("cachebox-operator.v0.3.0", "cachebox-operator.v0.3.1"),
                new ChannelEdge("cachebox-operator.v0.3.0", "cachebox-operator.v0.4.0"),
                new ChannelEdge("cachebox-operator.v0.3.1", "cachebox-operator.v0.4.0"));
        CatalogChannel wide = new CatalogChannel(P, "c", List.of(
                new ChannelEntry("a.v1", null, List.of(), null),
                new ChannelEntry("a.v2", null, List.of(), VersionRange.read(">=0.0.0"))));
        assertThat(new UpgradeGraph(wide, Map.of("a.v1", version("1.0.0"), "a.v2", version("2.0.0"))).edges())
                .as("a skipRange holding its own version is no edge to itself")
                .containsExactly(new ChannelEdge("a.v1", "a.v2"));
    }

    @Test
    void thePathTakesOneHopAtATimeNearestTheHeadAsOlmV0Does() {
        UpgradeGraph graph = stable();
        // 0.4.0 skips 0.3.0: one hop, straight to the head, as OLM's resolver would take it.
        assertThat(graph.path("cachebox-operator.v0.3.0", version("0.3.0"), "cachebox-operator.v0.4.0"))
                .contains(List.of("cachebox-operator.v0.4.0"));
        assertThat(graph.path("cachebox-operator.v0.3.0", version("0.3.0"), "cachebox-operator.v0.3.1"))
                .contains(List.of("cachebox-operator.v0.3.1"));
        assertThat(graph.path("cachebox-operator.v0.4.0", version("0.4.0"), "cachebox-operator.v0.3.1")).isEmpty();

        // Joined by replaces only: every version in turn.
        CatalogChannel chain = new CatalogChannel(P, "c", List.of(
                new ChannelEntry("a.v0.3.0", null, List.of(), null),
                new ChannelEntry("a.v0.3.1", "a.v0.3.0", List.of(), null),
                new ChannelEntry("a.v0.4.0", "a.v0.3.1", List.of(), null)));
        UpgradeGraph replaces = new UpgradeGraph(chain, Map.of("a.v0.3.0", version("0.3.0"),
                "a.v0.3.1", version("0.3.1"), "a.v0.4.0", version("0.4.0")));
        assertThat(replaces.path("a.v0.3.0", version("0.3.0"), "a.v0.4.0")).contains(List.of("a.v0.3.1", "a.v0.4.0"));
        assertThat(replaces.path("a.v0.3.0", version("0.3.0"), "a.v0.3.1")).contains(List.of("a.v0.3.1"));
        assertThat(replaces.path("a.v0.2.0", version("0.2.0"), "a.v0.4.0")).as("no edge from 0.2.0").isEmpty();
    }

    @Test
    void aHopNeverOvershootsAPinnedTarget() {
        // v4 skip-ranges everything below it; pinned to v3, the walk stays below v4.
        CatalogChannel channel = new CatalogChannel(P, "c", List.of(
                new ChannelEntry("a.v1", null, List.of(), null),
                new ChannelEntry("a.v2", "a.v1", List.of(), null),
                new ChannelEntry("a.v3", "a.v2", List.of(), null),
                new ChannelEntry("a.v4", "a.v3", List.of(), VersionRange.read("<4.0.0"))));
        UpgradeGraph graph = new UpgradeGraph(channel, Map.of("a.v1", version("1.0.0"), "a.v2", version("2.0.0"),
                "a.v3", version("3.0.0"), "a.v4", version("4.0.0")));

        assertThat(graph.path("a.v1", version("1.0.0"), "a.v4")).contains(List.of("a.v4"));
        assertThat(graph.path("a.v1", version("1.0.0"), "a.v3")).contains(List.of("a.v2", "a.v3"));
    }

    @Test
    void reachableOverSeveralEdges() {
        CatalogChannel channel = new CatalogChannel(P, "c", List.of(
                new ChannelEntry("a.v1", null, List.of(), null),
                new ChannelEntry("a.v2", "a.v1", List.of(), null),
                new ChannelEntry("a.v3", null, List.of(), VersionRange.read(">=2.0.0 <3.0.0")),
                new ChannelEntry("a.v4", "a.v3", List.of(), null)));
        UpgradeGraph graph = new UpgradeGraph(channel, Map.of("a.v1", version("1.0.0"),
                "a.v2", version("2.0.0"), "a.v3", version("3.0.0"), "a.v4", version("4.0.0")));

        assertThat(graph.reachable("a.v1", version("1.0.0"), "a.v4")).as("v1 -replaces-> v2 -skipRange-> v3 -> v4").isTrue();
        assertThat(graph.reachable("a.v0", version("0.1.0"), "a.v4")).isFalse();
        assertThatThrownBy(graph::head).isInstanceOf(CatalogException.class).hasMessageContaining("ambiguous head")
                .hasMessageContaining("a.v2, a.v4");
    }

    @Test
    void aChannelWhereEveryEntryIsReplacedHasNoHead() {
        CatalogChannel cycle = new CatalogChannel(P, "loop", List.of(new ChannelEntry("a", "b", List.of(), null),
                new ChannelEntry("b", "a", List.of(), null)));
        assertThatThrownBy(() -> new UpgradeGraph(cycle, Map.of()).head()).hasMessageContaining("no head");
        assertThat(new UpgradeGraph(cycle, Map.of()).reachable("c", null, "a")).as("a cycle ends").isFalse();
    }

    private static SemanticVersion version(String text) {
        return SemanticVersion.parse(text).orElseThrow();
    }
}
