package dev.bundlectl.plan.output;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Writes a plan's YAML with its step manifests escaped here rather than by the YAML emitter.
 *
 * <p>WHY: every manifest is one long compact-JSON string, which the emitter writes as a
 * double-quoted scalar by inspecting and escaping it one character at a time; on the dev corpus
 * that took a third of {@code plan -o yaml}. For a manifest of printable ASCII the emitter's
 * double-quoted form is simply the text with {@code \} and {@code "} escaped (no line is split:
 * the codec turns line splitting off), which is done here in bulk. The plan is written with a
 * short token in place of each such manifest, and each token's quoted form is then replaced. Any
 * other manifest (non-ASCII, control characters) is left to the emitter, and if the tokens are not
 * found exactly once each (a bundle that happens to carry the token text) the whole plan is
 * written the ordinary way: the result is always byte for byte what the emitter alone would write.
 */
final class ManifestScalars {

    /** Starts with a brace, so the YAML writer double-quotes it as it does a JSON manifest. */
    private static final String TOKEN_PREFIX = "{bundlectl-manifest-token-";

    private ManifestScalars() {
    }

    /**
     * The YAML of {@code plan}, as {@code emitter} writes it.
     *
     * @param emitter the codec's YAML writer
     */
    static String toYaml(InstallPlan plan, Function<InstallPlan, String> emitter) {
        return withManifestsEscapedHere(plan, emitter).orElseGet(() -> emitter.apply(plan));
    }

    /**
     * The YAML of {@code plan} with the manifests escaped here, or empty where that cannot be done
     * exactly (no manifest of printable ASCII, or the token text appears in the plan itself).
     */
    static Optional<String> withManifestsEscapedHere(InstallPlan plan, Function<InstallPlan, String> emitter) {
        List<Step> steps = plan.steps();
        List<Step> tokenised = new ArrayList<>(steps.size());
        List<String> manifests = new ArrayList<>();
        for (Step step : steps) {
            String manifest = step.resource().manifest();
            if (manifest != null && isPrintableAscii(manifest)) {
                tokenised.add(step.withResource(step.resource().withManifest(token(manifests.size()))));
                manifests.add(manifest);
            } else {
                tokenised.add(step);
            }
        }
        if (manifests.isEmpty()) {
            return Optional.empty();
        }
        InstallPlan.Status status = plan.status();
        String yaml = emitter.apply(plan.withStatus(new InstallPlan.Status(status.phase(), status.conditions(),
                tokenised, status.startTime(), status.completionTime(), status.message(), status.capabilities(), status.dependencies())));
        return Optional.ofNullable(replaceTokens(yaml, manifests));
    }

    /** The YAML with each quoted token replaced by its quoted manifest; null if the tokens are not exactly there. */
    private static String replaceTokens(String yaml, List<String> manifests) {
        if (count(yaml, TOKEN_PREFIX) != manifests.size()) {
            return null;
        }
        int extra = 0;
        for (String manifest : manifests) {
            extra += manifest.length() + 16;
        }
        StringBuilder out = new StringBuilder(yaml.length() + extra);
        int from = 0;
        for (int i = 0; i < manifests.size(); i++) {
            String quotedToken = '"' + token(i) + '"';
            int at = yaml.indexOf(quotedToken, from);
            if (at < 0) {
                return null;
            }
            out.append(yaml, from, at).append('"');
            appendEscaped(out, manifests.get(i));
            out.append('"');
            from = at + quotedToken.length();
        }
        return out.append(yaml, from, yaml.length()).toString();
    }

    private static String token(int index) {
        return TOKEN_PREFIX + index + "}";
    }

    /** The YAML double-quoted escapes of printable ASCII: a backslash and a double quote. */
    private static void appendEscaped(StringBuilder out, String text) {
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append(text, start, i).append('\\').append(c);
                start = i + 1;
            }
        }
        out.append(text, start, text.length());
    }

    private static boolean isPrintableAscii(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
            count++;
        }
        return count;
    }
}
