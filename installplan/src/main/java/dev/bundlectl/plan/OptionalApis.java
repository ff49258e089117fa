package dev.bundlectl.plan;

import dev.bundlectl.bundle.Manifest;
import java.util.List;
import java.util.Optional;

/**
 * The install-time optional policy: every {@code --optional-api} rule, in the order given. A step
 * that a rule names is optional exactly as if the bundle listed it in {@code olm.manifests.optional}
 * (the kinds that can never be optional excepted), and says which rule made it so.
 *
 * @param rules the rules; empty for no policy
 */
public record OptionalApis(List<OptionalApi> rules) {

    /** No policy: only the bundle's own {@code olm.manifests.optional} entries make steps optional. */
    public static final OptionalApis NONE = new OptionalApis(List.of());

    public OptionalApis {
        rules = rules == null ? List.of() : List.copyOf(rules);
    }

    /** Whether there are no rules. */
    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /** The first rule that names the manifest's API, if any. */
    public Optional<OptionalApi> firstMatch(Manifest manifest) {
        return rules.stream().filter(rule -> rule.matches(manifest)).findFirst();
    }

    /** Each rule as the user wrote it ({@code GROUP} or {@code GROUP/KIND}), for recording. */
    public List<String> texts() {
        return rules.stream().map(OptionalApi::text).toList();
    }
}
