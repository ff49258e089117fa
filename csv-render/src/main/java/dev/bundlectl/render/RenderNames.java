package dev.bundlectl.render;

import dev.bundlectl.bundle.files.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of rendered objects. They are deterministic, so that installing a new version of the
 * same operator into the same namespace updates the objects of the last one instead of adding
 * more; and they fit Kubernetes' limits, with a short hash that keeps truncated names distinct
 * (as OLM does for the names it generates).
 */
final class RenderNames {

    /** Generated names are kept to a DNS label's length, like OLM's, so they can also be label values. */
    static final int MAX_GENERATED = 63;
    static final int MAX_SUBDOMAIN = 253;
    private static final int HASH_LENGTH = 8;

    private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern SUBDOMAIN = Pattern.compile(LABEL.pattern() + "(\\." + LABEL.pattern() + ")*");
    private static final Pattern LABEL_VALUE = Pattern.compile("([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?");
    /** A version suffix: {@code .v1.2.3}, {@code -1.2.3-rc.1}, {@code .v0.9.4+build}. */
    private static final Pattern VERSION_SUFFIX = Pattern.compile("^(.+?)[.-]v?\\d+(\\.\\d+)*([-+][0-9A-Za-z.+-]*)?$");

    private RenderNames() {
    }

    /**
     * The CSV's name without its version: {@code cachebox-operator.v0.3.1} gives
     * {@code cachebox-operator}. The version is stripped as {@code spec.version} spells it when
     * the name ends with it, else by the usual {@code [.-]v?N.N.N} pattern; the result is made a
     * DNS label.
     */
    static String baseName(String csvName, String specVersion) {
        String stem = csvName;
        if (specVersion != null && !specVersion.isEmpty()) {
            for (String separator : new String[] {".v", "-v", ".", "-"}) {
                String suffix = separator + specVersion;
                if (csvName.endsWith(suffix) && csvName.length() > suffix.length()) {
                    stem = csvName.substring(0, csvName.length() - suffix.length());
                    break;
                }
            }
        }
        if (stem.equals(csvName)) {
            Matcher matcher = VERSION_SUFFIX.matcher(csvName);
            if (matcher.matches()) {
                stem = matcher.group(1);
            }
        }
        String label = toLabel(stem);
        return label.isEmpty() ? "operator" : label;
    }

    /**
     * The name of a Role, ClusterRole and their bindings: {@code <base>-<service account>-<hash>}.
     * The hash covers where the rules come from ({@code permissions} or
     * {@code clusterPermissions}), the operator namespace, the base name and the service account,
     * so that two installs of one operator in different namespaces do not share cluster-scoped
     * names, and a new version of the operator keeps them.
     */
    static String rbac(String baseName, String serviceAccount, String source, String operatorNamespace) {
        return hashed(baseName + "-" + serviceAccount,
                source + "/" + operatorNamespace + "/" + baseName + "/" + serviceAccount, MAX_GENERATED);
    }

    /**
     * OLM's name for a webhook deployment's Service: the deployment name with dots made dashes,
     * plus {@code -service}; hashed down to a DNS label when longer.
     */
    static String webhookService(String deploymentName) {
        return fit(deploymentName.replace('.', '-') + "-service", MAX_GENERATED);
    }

    /** OLM's name for a Service's serving-certificate Secret: the Service name plus {@code -cert}. */
    static String servingSecret(String serviceName) {
        return fit(serviceName + "-cert", MAX_GENERATED);
    }

    /**
     * A webhook configuration's name: the webhook's name plus a hash of the operator namespace
     * (OLM lets the API server add a random suffix; a fixed one lets a re-install update it).
     */
    static String webhookConfiguration(String generateName, String operatorNamespace) {
        String stem = generateName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]", "-");
        return hashed(stem, operatorNamespace + "/" + generateName, MAX_SUBDOMAIN);
    }

    /** The name, or a hashed one that fits when it is longer than {@code max}. */
    static String fit(String name, int max) {
        return name.length() <= max ? name : hashed(name, name, max);
    }

    /** A label value for this text: itself when valid, else a valid prefix plus a hash of it. */
    static String labelValue(String value) {
        if (value.length() <= MAX_GENERATED && LABEL_VALUE.matcher(value).matches()) {
            return value;
        }
        String prefix = value.replaceAll("[^-A-Za-z0-9_.]", "-");
        prefix = prefix.substring(0, Math.min(prefix.length(), MAX_GENERATED - HASH_LENGTH - 1))
                .replaceAll("^[^A-Za-z0-9]+|[^A-Za-z0-9]+$", "");
        String hash = hash(value);
        return prefix.isEmpty() ? hash : prefix + "-" + hash;
    }

    static boolean isDnsSubdomain(String name) {
        return name.length() <= MAX_SUBDOMAIN && SUBDOMAIN.matcher(name).matches();
    }

    /** {@code <prefix>-<hash of input>}, the prefix made DNS-safe and cut so the whole fits {@code max}. */
    private static String hashed(String prefix, String hashInput, int max) {
        String safe = prefix.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]", "-");
        int room = max - HASH_LENGTH - 1;
        if (safe.length() > room) {
            safe = safe.substring(0, room);
        }
        safe = safe.replaceAll("^[.-]+|[.-]+$", "");
        return safe.isEmpty() ? hash(hashInput) : safe + "-" + hash(hashInput);
    }

    private static String toLabel(String text) {
        String label = text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-").replaceAll("-{2,}", "-");
        if (label.length() > MAX_GENERATED) {
            label = label.substring(0, MAX_GENERATED);
        }
        return label.replaceAll("^-+|-+$", "");
    }

    private static String hash(String input) {
        return Sha256.hex(input.getBytes(StandardCharsets.UTF_8)).substring(0, HASH_LENGTH);
    }
}
