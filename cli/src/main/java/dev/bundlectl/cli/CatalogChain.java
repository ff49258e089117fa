package dev.bundlectl.cli;

import dev.bundlectl.bundle.dependency.Dependency;
import dev.bundlectl.executor.planning.ClusterPlanning;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.source.catalog.Catalog;
import dev.bundlectl.source.catalog.CatalogBundle;
import dev.bundlectl.source.catalog.DependencyResolution;
import dev.bundlectl.source.catalog.DependencyResolver;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The bundle chosen from a catalog and the dependencies resolved for it, every one pulled: the
 * chain in install order (dependencies first, the chosen bundle last).
 *
 * @param catalog the catalog they come from
 * @param channel the channel the bundle was chosen from
 * @param root the chosen bundle
 * @param chain the install order as resolved before any cluster was read
 * @param pulled each chain bundle's directory, by bundle name
 */
record CatalogChain(Catalog catalog, String channel, CatalogBundle root, List<CatalogBundle> chain, Map<String, SourcedInput> pulled) {

    CatalogChain {
        chain = List.copyOf(chain);
        pulled = Map.copyOf(pulled);
    }

    /** The chain's inputs in install order. */
    List<SourcedInput> inputs() {
        return inputsOf(chain);
    }

    /**
     * The chain without what the target already meets: resolved again with {@code met}, a subset
     * of the chain pulled before the cluster was read.
     *
     * @throws UserInputException when the catalog cannot meet the dependencies the target does not
     */
    List<SourcedInput> without(Predicate<Dependency> met) {
        DependencyResolution resolution = new DependencyResolver(catalog, met).resolve(root);
        if (resolution instanceof DependencyResolution.Refused refused) {
            throw new UserInputException(refused.reason());
        }
        return inputsOf(((DependencyResolution.Resolved) resolution).chain());
    }

    /**
     * The chain's inputs for a namespace of a live cluster: without the packages installed there
     * ({@link #without}); APIs count as met by the built-in surface, as offline.
     */
    List<SourcedInput> neededIn(ClusterPlanning cluster, String namespace) {
        return without(ChainPlanning.metBy(Blocking.result(cluster.installedPackages(namespace)),
                BundleSourcing::builtInServes));
    }

    /** {@code a -> b -> c}, for messages. */
    static String describe(List<CatalogBundle> bundles) {
        return String.join(" -> ", bundles.stream().map(CatalogBundle::name).toList());
    }

    private List<SourcedInput> inputsOf(List<CatalogBundle> bundles) {
        List<SourcedInput> inputs = new ArrayList<>(bundles.size());
        for (CatalogBundle bundle : bundles) {
            SourcedInput input = pulled.get(bundle.name());
            if (input == null) {
                throw new IllegalStateException("bundle " + bundle.name() + " was resolved but not pulled");
            }
            inputs.add(input);
        }
        return inputs;
    }
}
