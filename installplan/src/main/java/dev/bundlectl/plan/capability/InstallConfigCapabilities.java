package dev.bundlectl.plan.capability;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Seed 000's install-config form: {@code inclusionDefault: Include|Exclude} (default
 * {@code Include}), {@code include: []}, {@code exclude: []}.
 *
 * <p>With {@code Include}, every known capability is enabled unless excluded; with
 * {@code Exclude}, only the included ones are. Naming a capability in both lists is an error.
 *
 * @param inclusionDefault {@code Include}, {@code Exclude}, or null for {@code Include}
 * @param include capabilities to include
 * @param exclude capabilities to exclude
 */
public record InstallConfigCapabilities(String inclusionDefault, List<String> include, List<String> exclude)
        implements CapabilityRequest {

    /** Enable every capability not excluded. */
    public static final String INCLUDE = "Include";
    /** Enable only the included capabilities. */
    public static final String EXCLUDE = "Exclude";

    public InstallConfigCapabilities {
        include = List.copyOf(include);
        exclude = List.copyOf(exclude);
    }

    @Override
    public ConfigForm form() {
        return ConfigForm.INSTALL_CONFIG;
    }

    @Override
    public List<NamedCapability> namedCapabilities() {
        List<NamedCapability> named = new ArrayList<>(RequestLists.indexed("include", include));
        named.addAll(RequestLists.indexed("exclude", exclude));
        return named;
    }

    @Override
    public List<Problem> formProblems() {
        List<Problem> problems = new ArrayList<>();
        if (inclusionDefault != null && !INCLUDE.equals(inclusionDefault) && !EXCLUDE.equals(inclusionDefault)) {
            problems.add(new Problem("inclusionDefault",
                    "inclusionDefault must be Include or Exclude, not \"" + inclusionDefault + "\""));
        }
        for (int i = 0; i < include.size(); i++) {
            if (exclude.contains(include.get(i))) {
                problems.add(new Problem("include[" + i + "]",
                        "capability \"" + include.get(i) + "\" is both included and excluded"));
            }
        }
        return problems;
    }

    @Override
    public SortedSet<String> enabled(SortedSet<String> known) {
        TreeSet<String> enabled = new TreeSet<>();
        if (!EXCLUDE.equals(inclusionDefault)) {
            enabled.addAll(known);
            exclude.forEach(enabled::remove);
        }
        enabled.addAll(include);
        return RequestLists.knownOnly(enabled, known);
    }

    @Override
    public String defaultField() {
        return "inclusionDefault";
    }

    @Override
    public CapabilityOrigin origin(String source, SortedSet<String> enabled) {
        return RequestLists.noneBaseline(form(), source, enabled);
    }
}
