package dev.bundlectl.render;

import dev.bundlectl.bundle.Manifest;
import java.util.List;
import java.util.Optional;

/**
 * A CSV's {@code installModes}, for OLM mode's OperatorGroup: which target namespaces a new
 * OperatorGroup gets from {@code --install-mode} and {@code --watch-namespace} (the same rules and
 * defaults as render mode), and whether an existing OperatorGroup's targets are a mode the CSV
 * supports.
 */
public final class CsvInstallModes {

    private final Manifest csv;
    private final CsvSpec spec;

    private CsvInstallModes(Manifest csv, CsvSpec spec) {
        this.csv = csv;
        this.spec = spec;
    }

    /** The install modes of this CSV. */
    public static CsvInstallModes of(Manifest csv) {
        return new CsvInstallModes(csv, CsvSpecReader.read(csv, new RenderProblems()));
    }

    /**
     * The mode and targets for an operator in {@code namespace}, or why none fits: the same
     * choice render mode makes (AllNamespaces when supported, else OwnNamespace, unless the
     * options name one).
     *
     * @return the mode, or the problems (each naming {@code spec.installModes} or the option)
     */
    public Chosen choose(String namespace, RenderOptions options) {
        RenderProblems problems = new RenderProblems();
        Optional<ResolvedInstallMode> mode = InstallModeResolver.resolve(spec, RenderRequest.of(namespace, options),
                problems);
        return mode.<Chosen>map(Chosen.Mode::new).orElseGet(() -> new Chosen.Refused(problems.list()));
    }

    /**
     * The mode that an OperatorGroup in {@code namespace} targeting {@code targets} puts the
     * operator in, as OLM reads it: none or {@code ""} is AllNamespaces, the namespace alone
     * OwnNamespace, one other SingleNamespace, several MultiNamespace.
     */
    public static InstallModeType modeOf(String namespace, List<String> targets) {
        List<String> named = targets.stream().filter(target -> !target.isEmpty()).distinct().toList();
        if (named.isEmpty()) {
            return InstallModeType.ALL_NAMESPACES;
        }
        if (named.size() > 1) {
            return InstallModeType.MULTI_NAMESPACE;
        }
        return named.get(0).equals(namespace) ? InstallModeType.OWN_NAMESPACE : InstallModeType.SINGLE_NAMESPACE;
    }

    /** Whether the CSV declares this mode supported. */
    public boolean supports(InstallModeType mode) {
        return spec.supports(mode);
    }

    /** {@code supported: OwnNamespace, AllNamespaces}, for messages. */
    public String supportedList() {
        return InstallModeResolver.supported(spec);
    }

    /** The CSV's name. */
    public String csvName() {
        return csv.name();
    }

    /** What {@link #choose} found. */
    public sealed interface Chosen permits Chosen.Mode, Chosen.Refused {

        /** @param mode the mode, with the namespaces it targets */
        record Mode(ResolvedInstallMode mode) implements Chosen {
        }

        /** @param problems why no mode fits, never empty */
        record Refused(List<RenderProblem> problems) implements Chosen {
            public Refused {
                problems = List.copyOf(problems);
            }
        }
    }
}
