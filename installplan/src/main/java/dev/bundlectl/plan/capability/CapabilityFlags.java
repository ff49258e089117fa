package dev.bundlectl.plan.capability;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The command-line form: {@code --baseline-capability-set S}, {@code --enable-capability X}
 * (repeatable) and {@code --disable-capability X} (repeatable). The result is the baseline
 * ({@code vCurrent} when not given) plus the enabled names minus the disabled ones.
 *
 * @param baselineCapabilitySet the baseline set, or null for {@code vCurrent}
 * @param enable capabilities to enable
 * @param disable capabilities to disable
 */
public record CapabilityFlags(String baselineCapabilitySet, List<String> enable, List<String> disable)
        implements CapabilityRequest {

    /** The flag that names the baseline set. */
    public static final String BASELINE_FLAG = "--baseline-capability-set";
    /** The repeatable flag that enables a capability. */
    public static final String ENABLE_FLAG = "--enable-capability";
    /** The repeatable flag that disables a capability. */
    public static final String DISABLE_FLAG = "--disable-capability";

    public CapabilityFlags {
        enable = enable == null ? List.of() : List.copyOf(enable);
        disable = disable == null ? List.of() : List.copyOf(disable);
    }

    /** Whether no flag was given at all. */
    public boolean isEmpty() {
        return baselineCapabilitySet == null && enable.isEmpty() && disable.isEmpty();
    }

    /** The baseline set name, {@code vCurrent} when the flag is not given. */
    public String effectiveBaseline() {
        return RequestLists.baselineOrCurrent(baselineCapabilitySet);
    }

    @Override
    public ConfigForm form() {
        return ConfigForm.FLAGS;
    }

    @Override
    public List<NamedCapability> namedCapabilities() {
        List<NamedCapability> named = new ArrayList<>(RequestLists.repeated(ENABLE_FLAG, enable));
        named.addAll(RequestLists.repeated(DISABLE_FLAG, disable));
        return named;
    }

    @Override
    public List<Problem> formProblems() {
        List<Problem> problems = new ArrayList<>();
        if (CapabilitySets.baseline(effectiveBaseline()).isEmpty()) {
            problems.add(new Problem(BASELINE_FLAG, RequestLists.unknownBaseline(baselineCapabilitySet)));
        }
        enable.stream().filter(disable::contains).distinct().forEach(name -> problems.add(new Problem(ENABLE_FLAG,
                RequestLists.BOTH_ENABLED_AND_DISABLED + " \"" + name + "\" is given to both " + ENABLE_FLAG
                        + " and " + DISABLE_FLAG + ".")));
        return problems;
    }

    @Override
    public SortedSet<String> enabled(SortedSet<String> known) {
        TreeSet<String> result = new TreeSet<>(CapabilitySets.baseline(effectiveBaseline()).orElseThrow());
        result.addAll(enable);
        disable.forEach(result::remove);
        return RequestLists.knownOnly(result, known);
    }

    @Override
    public String defaultField() {
        return BASELINE_FLAG;
    }

    @Override
    public CapabilityOrigin origin(String source, SortedSet<String> enabled) {
        if (disable.isEmpty()) {
            // Nothing removed: ClusterVersion can say this directly.
            return new CapabilityOrigin(form(), source, effectiveBaseline(), List.copyOf(new TreeSet<>(enable)));
        }
        return RequestLists.noneBaseline(form(), source, enabled);
    }
}
