package dev.bundlectl.plan.payload;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the {@link RunGraph} of a payload directory (docs/semantics.md §5):
 * <ul>
 *   <li>files are grouped by run level (see {@link PayloadFileName}), levels compared as strings;</li>
 *   <li>within a level, one serial chain per component, chains in parallel, sorted by component;</li>
 *   <li>within a chain, files by name (then path), documents in file order;</li>
 *   <li>during a first install, every install-level 0 manifest runs before any install-level 1
 *       manifest (docs/semantics.md §5): the whole level structure is repeated per install level.</li>
 * </ul>
 */
public final class RunGraphBuilder {

    private static final Comparator<Placed> CHAIN_ORDER = Comparator
            .comparing((Placed p) -> p.name().sortName())
            .thenComparing(p -> p.manifest().source().file())
            .thenComparingInt(p -> p.manifest().source().documentIndex());

    private RunGraphBuilder() {
    }

    private record Placed(Manifest manifest, PayloadFileName name, int installLevel) {
    }

    private record LevelKey(int installLevel, String level) implements Comparable<LevelKey> {
        @Override
        public int compareTo(LevelKey other) {
            int byInstallLevel = Integer.compare(installLevel, other.installLevel);
            return byInstallLevel != 0 ? byInstallLevel : level.compareTo(other.level);
        }
    }

    /**
     * Builds the graph.
     *
     * @param manifests the manifests to apply; their release annotations must have passed
     *     {@link ReleaseAnnotationValidator}
     * @param phase whether this is a first install (install levels apply) or not
     * @throws IllegalArgumentException when an install-level annotation is invalid (a caller error:
     *     validation must come first)
     */
    public static RunGraph build(List<Manifest> manifests, InstallHistory phase) {
        Diagnostics invalid = ReleaseAnnotationValidator.validate(manifests);
        if (invalid.hasErrors()) {
            throw new IllegalArgumentException("validate manifests before building the run graph: "
                    + invalid.errors().get(0));
        }
        TreeMap<LevelKey, TreeMap<String, List<Placed>>> grouped = new TreeMap<>();
        for (Manifest manifest : manifests) {
            PayloadFileName name = PayloadFileName.of(manifest);
            int installLevel = phase == InstallHistory.FIRST_INSTALL ? ReleaseAnnotations.installLevel(manifest) : 0;
            grouped.computeIfAbsent(new LevelKey(installLevel, name.level()), k -> new TreeMap<>())
                    .computeIfAbsent(name.component(), k -> new ArrayList<>())
                    .add(new Placed(manifest, name, installLevel));
        }
        List<RunLevel> levels = new ArrayList<>();
        List<Integer> previousLevelEnds = List.of();
        int nextId = 0;
        for (Map.Entry<LevelKey, TreeMap<String, List<Placed>>> level : grouped.entrySet()) {
            List<ComponentChain> chains = new ArrayList<>();
            List<Integer> levelEnds = new ArrayList<>();
            Map<String, List<Placed>> components = new LinkedHashMap<>(level.getValue());
            for (Map.Entry<String, List<Placed>> component : components.entrySet()) {
                List<Placed> placed = new ArrayList<>(component.getValue());
                placed.sort(CHAIN_ORDER);
                List<RunNode> nodes = new ArrayList<>();
                for (Placed p : placed) {
                    List<Integer> dependsOn = nodes.isEmpty() ? previousLevelEnds
                            : List.of(nodes.get(nodes.size() - 1).id());
                    nodes.add(new RunNode(nextId++, p.manifest(), p.installLevel(), level.getKey().level(),
                            component.getKey(), dependsOn));
                }
                ComponentChain chain = new ComponentChain(component.getKey(), nodes);
                chains.add(chain);
                levelEnds.add(chain.last().id());
            }
            levels.add(new RunLevel(level.getKey().installLevel(), level.getKey().level(), chains));
            previousLevelEnds = List.copyOf(levelEnds);
        }
        return new RunGraph(levels);
    }
}
