package dev.bundlectl.cli;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.dependency.RequiredGvk;
import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.api.CrdApiResources;
import dev.bundlectl.plan.dependency.DependencyTarget;
import dev.bundlectl.plan.dependency.InstalledPackage;
import java.util.ArrayList;
import java.util.List;

/**
 * The bundles a dependency chain installs before the one being planned: their packages satisfy
 * its package dependencies, and their CRDs are served by the time its turn comes.
 *
 * @param packages each earlier bundle as an installed package, in install order
 * @param crds their CRDs, in install order
 */
record EarlierBundles(List<InstalledPackage> packages, List<Manifest> crds) {

    /** The first bundle of a run: nothing before it. */
    static final EarlierBundles NONE = new EarlierBundles(List.of(), List.of());

    EarlierBundles {
        packages = List.copyOf(packages);
        crds = List.copyOf(crds);
    }

    /** These bundles and then {@code bundle}. */
    EarlierBundles plus(Bundle bundle) {
        List<Manifest> bundleCrds = bundle.manifests().stream().filter(CrdApiResources::isCrd).toList();
        List<RequiredGvk> provides = new ArrayList<>();
        for (ApiResource api : CrdApiResources.from(bundleCrds)) {
            provides.add(new RequiredGvk(api.group(), api.version(), api.kind()));
        }
        String version = bundle.csv().body().path("spec").path("version").asText("");
        List<InstalledPackage> morePackages = new ArrayList<>(packages);
        morePackages.add(new InstalledPackage(bundle.packageName(), SemanticVersion.parseTolerant(version).orElse(null),
                "bundle " + bundle.csv().name(), provides));
        List<Manifest> moreCrds = new ArrayList<>(crds);
        moreCrds.addAll(bundleCrds);
        return new EarlierBundles(morePackages, moreCrds);
    }

    /** The surface with the earlier bundles' CRDs served; unchanged for the first bundle. */
    ApiSurface surface(ApiSurface served) {
        return crds.isEmpty() ? served : ApiSurfaces.withBundleCrds(served, crds);
    }

    /** The dependency target with the earlier bundles installed before this one. */
    DependencyTarget target(DependencyTarget read) {
        DependencyTarget target = read;
        for (InstalledPackage earlier : packages) {
            target = target.plus(earlier);
        }
        return target;
    }
}
