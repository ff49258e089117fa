package dev.bundlectl.source.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.dependency.Dependency;
import dev.bundlectl.bundle.dependency.RequiredGvk;
import dev.bundlectl.bundle.dependency.RequiredPackage;
import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.bundle.version.VersionRange;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Dependency chains resolved from a catalog held in memory. */
class DependencyResolverTest {

    private static final RequiredGvk ZNODE = new RequiredGvk("zookeeper.stackable.tech", "v1alpha1", "ZookeeperZnode");

    private final List<CatalogBundle> bundles = new ArrayList<>();
    private final List<CatalogChannel> channels = new ArrayList<>();
    private final Map<String, CatalogPackage> packages = new LinkedHashMap<>();

    @Test
    void aTwoLevelChainInstallsDependenciesFirst() {
        CatalogBundle kafka = bundle("kafka", "23.4.1", List.of(pkg("zookeeper", "23.4.1")), List.of());
        bundle("zookeeper", "23.4.1", List.of(pkg("commons", ">=23.1.0")), List.of(ZNODE));
        bundle("commons", "23.1.0", List.of(), List.of());
        bundle("commons", "23.4.1", List.of(), List.of());

        assertThat(names(new DependencyResolver(catalog(), dependency -> false).resolve(kafka)))
                .containsExactly("commons.v23.4.1", "zookeeper.v23.4.1", "kafka.v23.4.1");
    }

    @Test
    void whatTheTargetMeetsIsNotResolved() {
        CatalogBundle kafka = bundle("kafka", "23.4.1", List.of(pkg("zookeeper", "23.4.1"), ZNODE), List.of());
        bundle("zookeeper", "23.4.1", List.of(), List.of(ZNODE));

        assertThat(names(new DependencyResolver(catalog(), dependency -> true).resolve(kafka)))
                .containsExactly("kafka.v23.4.1");
        // The package brings the API as well: one bundle meets both.
        assertThat(names(new DependencyResolver(catalog(), dependency -> false).resolve(kafka)))
                .containsExactly("zookeeper.v23.4.1", "kafka.v23.4.1");
    }

    @Test
    void theNewestVersionInRangeWinsAndTheDefaultChannelComesFirst() {
        CatalogBundle app = bundle("app", "1.0.0", List.of(pkg("db", ">=1.0.0 <3.0.0")), List.of());
        bundle("db", "1.5.0", List.of(), List.of());
        bundle("db", "2.1.0", List.of(), List.of());
        bundle("db", "3.0.0", List.of(), List.of());
        assertThat(names(new DependencyResolver(catalog(), d -> false).resolve(app))).startsWith("db.v2.1.0");

        packages.put("db", new CatalogPackage("db", "stable"));
        channels.add(new CatalogChannel("db", "stable", List.of(new ChannelEntry("db.v1.5.0", null, List.of(), null))));
        assertThat(names(new DependencyResolver(catalog(), d -> false).resolve(app))).startsWith("db.v1.5.0");
    }

    @Test
    void anApiDependencyResolvesToABundleThatProvidesIt() {
        CatalogBundle app = bundle("app", "1.0.0", List.of(ZNODE), List.of());
        bundle("zookeeper", "23.4.1", List.of(), List.of(ZNODE));

        assertThat(names(new DependencyResolver(catalog(), d -> false).resolve(app)))
                .containsExactly("zookeeper.v23.4.1", "app.v1.0.0");
    }

    @Test
    void aRangeThatExcludesEveryCandidateIsRefusedNamingTheVersions() {
        CatalogBundle kafka = bundle("kafka", "23.4.1", List.of(pkg("zookeeper", ">=24.0.0")), List.of());
        bundle("zookeeper", "23.4.1", List.of(), List.of());

        assertThat(new DependencyResolver(catalog(), d -> false).resolve(kafka)).isEqualTo(
                new DependencyResolution.Refused("unresolvable dependency: kafka.v23.4.1 needs package zookeeper"
                        + " >=24.0.0, and the catalog's versions of it (23.4.1) are all outside >=24.0.0"));
    }

    @Test
    void aCycleIsRefusedNamingTheChain() {
        CatalogBundle a = bundle("a", "1.0.0", List.of(pkg("b", "1.x")), List.of());
        bundle("b", "1.0.0", List.of(pkg("c", "1.x")), List.of());
        bundle("c", "1.0.0", List.of(pkg("a", "1.x")), List.of());

        assertThat(new DependencyResolver(catalog(), d -> false).resolve(a)).isEqualTo(
                new DependencyResolution.Refused("dependency cycle: a.v1.0.0 -> b.v1.0.0 -> c.v1.0.0 needs package a"
                        + " 1.x, which a.v1.0.0 provides"));
    }

    @Test
    void twoVersionsOfOnePackageConflict() {
        CatalogBundle app = bundle("app", "1.0.0", List.of(pkg("db", "1.x"), pkg("cache", "1.x")), List.of());
        bundle("db", "1.0.0", List.of(), List.of());
        bundle("db", "2.0.0", List.of(), List.of());
        bundle("cache", "1.0.0", List.of(pkg("db", "2.x")), List.of());

        assertThat(new DependencyResolver(catalog(), d -> false).resolve(app)).isEqualTo(
                new DependencyResolution.Refused("conflicting dependencies: app.v1.0.0 -> cache.v1.0.0 needs package"
                        + " db 2.x, but db.v1.0.0 (db 1.0.0) was already chosen"));
    }

    private static RequiredPackage pkg(String name, String range) {
        return new RequiredPackage(name, VersionRange.read(range));
    }

    private CatalogBundle bundle(String pkg, String version, List<Dependency> needs, List<RequiredGvk> provides) {
        CatalogBundle bundle = new CatalogBundle(pkg + ".v" + version, pkg, "registry.example/" + pkg + ":" + version,
                SemanticVersion.parse(version).orElseThrow(), needs, provides);
        bundles.add(bundle);
        packages.putIfAbsent(pkg, new CatalogPackage(pkg, null));
        return bundle;
    }

    private Catalog catalog() {
        return new Catalog(packages, channels, bundles);
    }

    private static List<String> names(DependencyResolution resolution) {
        assertThat(resolution).isInstanceOf(DependencyResolution.Resolved.class);
        return ((DependencyResolution.Resolved) resolution).chain().stream().map(CatalogBundle::name).toList();
    }
}
