package dev.bundlectl.cli;

import dev.bundlectl.bundle.dependency.Dependency;
import dev.bundlectl.bundle.dependency.RequiredGvk;
import dev.bundlectl.bundle.dependency.RequiredPackage;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.dependency.InstalledPackage;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Plans a dependency chain in install order: each bundle read and checked, then planned as if the
 * bundles before it were installed (their packages installed, their CRDs served), so that every
 * plan of the chain is known good before the first is applied.
 */
final class ChainPlanning {

    private final Planning planning;

    ChainPlanning(Planning planning) {
        this.planning = planning;
    }

    /** The plans of {@code chain}, in its order; every bundle is read before the first is planned. */
    List<PlannedInput> plan(PlanInputOptions input, List<SourcedInput> chain, String namespace,
            Supplier<ApiSurface> surface) {
        List<ReadInput> read = new ArrayList<>(chain.size());
        for (int i = 0; i < chain.size(); i++) {
            SourcedInput source = chain.get(i);
            ReadInput bundle = planning.read(optionsFor(input, i, chain.size()), source);
            if (!(bundle instanceof ReadInput.BundleDirectory)) {
                throw new UserInputException(source.label() + ": a catalog's bundle is not a bundle directory");
            }
            read.add(bundle);
        }
        EarlierBundles earlier = EarlierBundles.NONE;
        List<PlannedInput> plans = new ArrayList<>(chain.size());
        for (int i = 0; i < read.size(); i++) {
            ReadInput bundle = read.get(i);
            plans.add(planning.after(earlier).plan(optionsFor(input, i, read.size()), bundle, namespace, surface));
            earlier = earlier.plus(((ReadInput.BundleDirectory) bundle).bundle());
        }
        return plans;
    }

    /** The named bundle (the chain's last) is planned with the options as given; its dependencies without its configuration. */
    private static PlanInputOptions optionsFor(PlanInputOptions input, int index, int size) {
        return index == size - 1 ? input : input.forDependency();
    }

    /**
     * Whether the installed packages meet a dependency. An API counts as met only when
     * {@code servedApi} says so: each plan checks its API dependencies against the cluster's
     * discovery again.
     */
    static Predicate<Dependency> metBy(List<InstalledPackage> installed, Predicate<RequiredGvk> servedApi) {
        return dependency -> dependency instanceof RequiredPackage required
                ? installed.stream().anyMatch(pkg -> required.satisfiedBy(pkg.packageName(), pkg.version()))
                : servedApi.test((RequiredGvk) dependency);
    }
}
