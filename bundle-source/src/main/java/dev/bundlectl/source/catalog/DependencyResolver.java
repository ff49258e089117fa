package dev.bundlectl.source.catalog;

import dev.bundlectl.bundle.dependency.Dependency;
import dev.bundlectl.bundle.dependency.RequiredGvk;
import dev.bundlectl.bundle.dependency.RequiredPackage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Resolves a bundle's dependencies from a file-based catalog, as OLM's resolver does for a
 * Subscription: each dependency the target does not already meet is met by a bundle of the
 * catalog (for a package, the newest version in range, preferring the package's default channel;
 * for an API, a bundle whose {@code olm.gvk} property provides it), recursively, every package
 * once. A dependency no bundle meets, a cycle, or two versions of one package are refused with
 * the chain that led there.
 */
public final class DependencyResolver {

    private final Catalog catalog;
    private final Predicate<Dependency> metOnTarget;

    /**
     * @param catalog the catalog to resolve from
     * @param metOnTarget whether the target already meets a dependency (installed, served);
     *     offline, only what the planner's own surface serves
     */
    public DependencyResolver(Catalog catalog, Predicate<Dependency> metOnTarget) {
        this.catalog = catalog;
        this.metOnTarget = metOnTarget;
    }

    /** The install chain for {@code root}, or why there is none. */
    public DependencyResolution resolve(CatalogBundle root) {
        Walk walk = new Walk();
        Optional<String> refused = walk.visit(root, new ArrayList<>());
        return refused.<DependencyResolution>map(DependencyResolution.Refused::new)
                .orElseGet(() -> new DependencyResolution.Resolved(walk.order));
    }

    /** One depth-first walk: bundles in install order, and each package's chosen bundle. */
    private final class Walk {
        private final List<CatalogBundle> order = new ArrayList<>();
        private final Map<String, CatalogBundle> chosen = new LinkedHashMap<>();

        Optional<String> visit(CatalogBundle bundle, List<CatalogBundle> path) {
            path.add(bundle);
            chosen.put(bundle.packageName(), bundle);
            for (Dependency dependency : bundle.dependencies()) {
                Optional<String> refused = meet(dependency, path);
                if (refused.isPresent()) {
                    return refused;
                }
            }
            path.remove(path.size() - 1);
            order.add(bundle);
            return Optional.empty();
        }

        private Optional<String> meet(Dependency dependency, List<CatalogBundle> path) {
            if (metOnTarget.test(dependency)) {
                return Optional.empty();
            }
            if (meets(path.get(path.size() - 1), dependency)) {
                // It meets its own dependency (an API it also brings).
                return Optional.empty();
            }
            // A bundle on the way here cannot be installed before the one that needs it.
            for (CatalogBundle earlier : path.subList(0, path.size() - 1)) {
                if (meets(earlier, dependency)) {
                    return Optional.of("dependency cycle: " + chain(path) + " needs " + dependency.describe()
                            + ", which " + earlier.name() + " provides");
                }
            }
            if (chosen.values().stream().anyMatch(bundle -> meets(bundle, dependency))) {
                return Optional.empty();
            }
            if (dependency instanceof RequiredPackage required && chosen.containsKey(required.packageName())) {
                return Optional.of("conflicting dependencies: " + chain(path) + " needs " + dependency.describe()
                        + ", but " + chosen.get(required.packageName()).describe() + " was already chosen");
            }
            Optional<CatalogBundle> candidate = candidate(dependency);
            if (candidate.isEmpty()) {
                return Optional.of("unresolvable dependency: " + chain(path) + " needs " + dependency.describe()
                        + ", and " + nothingMeets(dependency));
            }
            CatalogBundle next = candidate.get();
            if (chosen.containsKey(next.packageName())) {
                return Optional.of("conflicting dependencies: " + chain(path) + " needs " + dependency.describe()
                        + ", met by " + next.describe() + ", but " + chosen.get(next.packageName()).describe()
                        + " was already chosen");
            }
            return visit(next, path);
        }

    }

    private static boolean meets(CatalogBundle bundle, Dependency dependency) {
        return dependency instanceof RequiredPackage required
                ? required.satisfiedBy(bundle.packageName(), bundle.version())
                : bundle.provides().contains((RequiredGvk) dependency);
    }

    /** The newest bundle that meets it, those in their package's default channel first. */
    private Optional<CatalogBundle> candidate(Dependency dependency) {
        Set<String> inDefaultChannels = defaultChannelEntries();
        Comparator<CatalogBundle> preference = Comparator
                .comparing((CatalogBundle bundle) -> inDefaultChannels.contains(key(bundle)))
                .thenComparing(CatalogBundle::version, Comparator.nullsFirst(Comparator.naturalOrder()))
                .thenComparing(CatalogBundle::name);
        return catalog.bundles().stream().filter(bundle -> meets(bundle, dependency)).max(preference);
    }

    private String nothingMeets(Dependency dependency) {
        if (dependency instanceof RequiredPackage required) {
            List<String> versions = catalog.bundles().stream()
                    .filter(bundle -> bundle.packageName().equals(required.packageName()))
                    .map(bundle -> bundle.version() == null ? bundle.name() : bundle.version().toString()).toList();
            return versions.isEmpty() ? "the catalog has no package " + required.packageName()
                    : "the catalog's versions of it (" + String.join(", ", versions) + ") are all outside "
                            + required.versionRange();
        }
        return "no bundle of the catalog provides it (olm.gvk)";
    }

    private Set<String> defaultChannelEntries() {
        Set<String> entries = new HashSet<>();
        for (CatalogChannel channel : catalog.channels()) {
            CatalogPackage pkg = catalog.packages().get(channel.packageName());
            if (pkg != null && channel.name().equals(pkg.defaultChannel())) {
                channel.entries().forEach(entry -> entries.add(channel.packageName() + "/" + entry.name()));
            }
        }
        return entries;
    }

    private static String key(CatalogBundle bundle) {
        return bundle.packageName() + "/" + bundle.name();
    }

    private static String chain(List<CatalogBundle> path) {
        return String.join(" -> ", path.stream().map(CatalogBundle::name).toList());
    }
}
