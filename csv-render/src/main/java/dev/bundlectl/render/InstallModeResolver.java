package dev.bundlectl.render;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Chooses the install mode and its namespaces from the request and the CSV's declared
 * {@code installModes}, with OLM's rules: watch namespaces imply the mode as an OperatorGroup's
 * targets do (the operator's own namespace alone is OwnNamespace, one other is SingleNamespace,
 * several are MultiNamespace); with none, AllNamespaces when supported, else OwnNamespace. A mode
 * the CSV does not declare supported is refused, listing the supported ones.
 */
final class InstallModeResolver {

    static final String FIELD = "spec.installModes";

    private InstallModeResolver() {
    }

    static Optional<ResolvedInstallMode> resolve(CsvSpec csv, RenderRequest request, RenderProblems problems) {
        String operatorNamespace = request.operatorNamespace();
        List<String> targets = request.targetNamespaces().stream().distinct().toList();
        InstallModeType mode = request.installMode();
        if (mode == null) {
            mode = targets.isEmpty() ? defaultMode(csv, problems) : impliedMode(targets, operatorNamespace);
            if (mode == null) {
                return Optional.empty();
            }
        }
        Optional<String> shapeProblem = shapeProblem(mode, targets, operatorNamespace);
        if (shapeProblem.isPresent()) {
            problems.add(FIELD, shapeProblem.get());
            return Optional.empty();
        }
        if (!csv.supports(mode)) {
            problems.add(FIELD, "install mode " + mode + " is not supported by " + csv.name() + "; " + supported(csv));
            return Optional.empty();
        }
        if (mode == InstallModeType.MULTI_NAMESPACE && targets.contains(operatorNamespace)
                && !csv.supports(InstallModeType.OWN_NAMESPACE)) {
            // OLM's rule: watching the operator's own namespace needs OwnNamespace support too.
            problems.add(FIELD, "MultiNamespace watching the install namespace " + operatorNamespace
                    + " needs OwnNamespace support, which " + csv.name() + " does not declare; " + supported(csv));
            return Optional.empty();
        }
        List<String> resolvedTargets = switch (mode) {
            case ALL_NAMESPACES -> List.of();
            case OWN_NAMESPACE -> List.of(operatorNamespace);
            default -> targets;
        };
        return Optional.of(new ResolvedInstallMode(mode, operatorNamespace, resolvedTargets));
    }

    private static InstallModeType defaultMode(CsvSpec csv, RenderProblems problems) {
        if (csv.supports(InstallModeType.ALL_NAMESPACES)) {
            return InstallModeType.ALL_NAMESPACES;
        }
        if (csv.supports(InstallModeType.OWN_NAMESPACE)) {
            return InstallModeType.OWN_NAMESPACE;
        }
        problems.add(FIELD, csv.name() + " supports neither AllNamespaces nor OwnNamespace; " + supported(csv)
                + ": choose one with --install-mode and --watch-namespace");
        return null;
    }

    private static InstallModeType impliedMode(List<String> targets, String operatorNamespace) {
        if (targets.size() > 1) {
            return InstallModeType.MULTI_NAMESPACE;
        }
        return targets.get(0).equals(operatorNamespace) ? InstallModeType.OWN_NAMESPACE
                : InstallModeType.SINGLE_NAMESPACE;
    }

    /** Why these watch namespaces do not fit this mode, if they do not. */
    private static Optional<String> shapeProblem(InstallModeType mode, List<String> targets, String operatorNamespace) {
        switch (mode) {
            case ALL_NAMESPACES:
                return targets.isEmpty() ? Optional.empty() : Optional.of("AllNamespaces watches every namespace;"
                        + " remove --watch-namespace " + String.join(",", targets));
            case OWN_NAMESPACE:
                return targets.isEmpty() || targets.equals(List.of(operatorNamespace)) ? Optional.empty()
                        : Optional.of("OwnNamespace watches the install namespace " + operatorNamespace
                                + "; --watch-namespace " + String.join(",", targets) + " contradicts it");
            case SINGLE_NAMESPACE:
                if (targets.size() != 1) {
                    return Optional.of("SingleNamespace needs exactly one --watch-namespace, got "
                            + (targets.isEmpty() ? "none" : String.join(",", targets)));
                }
                return targets.get(0).equals(operatorNamespace) ? Optional.of("SingleNamespace watches a namespace"
                        + " other than the install namespace " + operatorNamespace
                        + "; to watch it, use --install-mode OwnNamespace") : Optional.empty();
            case MULTI_NAMESPACE:
                return targets.isEmpty() ? Optional.of("MultiNamespace needs the namespaces to watch:"
                        + " --watch-namespace a,b") : Optional.empty();
            default:
                throw new IllegalStateException("unknown install mode " + mode);
        }
    }

    /** {@code supported: OwnNamespace, AllNamespaces} or {@code it declares no supported install mode}. */
    static String supported(CsvSpec csv) {
        String list = Arrays.stream(InstallModeType.values())
                .filter(csv::supports)
                .map(InstallModeType::wireName)
                .collect(Collectors.joining(", "));
        return list.isEmpty() ? "it declares no supported install mode" : "supported: " + list;
    }
}
