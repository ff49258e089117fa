package dev.bundlectl.plan.payload;

import dev.bundlectl.bundle.Manifest;
import java.util.ArrayList;
import java.util.List;

/**
 * Seed 002's install levels for manifests that have no run-level graph (a bundle): during a first
 * install, every level-0 manifest is reconciled before any level-1 manifest; later installs
 * ignore the annotation.
 */
public final class InstallLevels {

    private InstallLevels() {
    }

    /**
     * The manifests in stages, input order kept within a stage; empty stages are left out.
     * Manifests must have passed {@link ReleaseAnnotationValidator}.
     */
    public static List<List<Manifest>> stages(List<Manifest> manifests, InstallHistory phase) {
        if (phase != InstallHistory.FIRST_INSTALL) {
            return manifests.isEmpty() ? List.of() : List.of(List.copyOf(manifests));
        }
        List<Manifest> first = new ArrayList<>();
        List<Manifest> second = new ArrayList<>();
        for (Manifest manifest : manifests) {
            (ReleaseAnnotations.installLevel(manifest) == 0 ? first : second).add(manifest);
        }
        List<List<Manifest>> stages = new ArrayList<>();
        if (!first.isEmpty()) {
            stages.add(List.copyOf(first));
        }
        if (!second.isEmpty()) {
            stages.add(List.copyOf(second));
        }
        return List.copyOf(stages);
    }
}
