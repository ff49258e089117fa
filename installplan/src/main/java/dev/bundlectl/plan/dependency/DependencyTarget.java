package dev.bundlectl.plan.dependency;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the planner knows of the target for a bundle's dependencies.
 *
 * @param installed the packages the target has, as its install records and CSVs say; empty when
 *     they were not read (an offline plan)
 * @param earlier bundles installed before this one in the same run (a dependency chain resolved
 *     from a catalog): they satisfy dependencies offline as well
 * @param ignored whether {@code --ignore-dependencies} was given: unmet dependencies are reported,
 *     not failed
 */
public record DependencyTarget(Optional<List<InstalledPackage>> installed, List<InstalledPackage> earlier,
        boolean ignored) {

    public DependencyTarget {
        Objects.requireNonNull(installed, "installed");
        installed = installed.map(List::copyOf);
        earlier = earlier == null ? List.of() : List.copyOf(earlier);
    }

    /** Nothing read: package dependencies are not judged. */
    public static DependencyTarget offline() {
        return new DependencyTarget(Optional.empty(), List.of(), false);
    }

    /** What a live cluster has installed. */
    public static DependencyTarget live(List<InstalledPackage> installed) {
        return new DependencyTarget(Optional.of(installed), List.of(), false);
    }

    /** Whether the target was read: unmet dependencies are then unsatisfied rather than unknown. */
    public boolean isLive() {
        return installed.isPresent();
    }

    /** This target with {@code --ignore-dependencies} given or not. */
    public DependencyTarget withIgnored(boolean newIgnored) {
        return new DependencyTarget(installed, earlier, newIgnored);
    }

    /** This target with {@code bundle} installed before the next one of the run. */
    public DependencyTarget plus(InstalledPackage bundle) {
        List<InstalledPackage> more = new ArrayList<>(earlier);
        more.add(bundle);
        return new DependencyTarget(installed, more, ignored);
    }
}
