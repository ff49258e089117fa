package dev.bundlectl.executor.ownership;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The field managers a server-side apply conflicted with, as the API server names them in its 409
 * ({@code Apply failed with 1 conflict: conflict with "kubectl-edit" using v1: .data.level}), and
 * each conflicting field, as its {@code details.causes} list them ({@code field} the path,
 * {@code message} {@code conflict with "olm" using apiextensions.k8s.io/v1}).
 */
public final class FieldConflicts {

    private static final Pattern MANAGER = Pattern.compile("conflicts? with \"([^\"]+)\"");

    private FieldConflicts() {
    }

    /** The managers {@code message} names, each once, in order. */
    public static List<String> managers(String message) {
        List<String> managers = new ArrayList<>();
        if (message == null) {
            return managers;
        }
        Matcher matcher = MANAGER.matcher(message);
        while (matcher.find()) {
            if (!managers.contains(matcher.group(1))) {
                managers.add(matcher.group(1));
            }
        }
        return managers;
    }

    /**
     * Each field the answer's causes name, with its manager; causes that name no manager (not a
     * field-manager conflict) are left out.
     *
     * @param causes the {@code Status.details.causes} as {@code field: message} lines
     */
    public static List<FieldConflict> fields(List<String> causes) {
        List<FieldConflict> fields = new ArrayList<>();
        for (String cause : causes) {
            int separator = cause.indexOf(": ");
            if (separator <= 0) {
                continue;
            }
            Matcher matcher = MANAGER.matcher(cause.substring(separator + 2));
            if (matcher.find()) {
                fields.add(new FieldConflict(cause.substring(0, separator), matcher.group(1)));
            }
        }
        return fields;
    }

    /**
     * The install a per-install field manager names ({@code bundlectl/<namespace>/<package>}, as
     * installs of the release before applied), if it names one.
     */
    public static java.util.Optional<InstallOwner> ownerOf(String manager) {
        String[] parts = manager.split("/", -1);
        if (parts.length != 3 || !"bundlectl".equals(parts[0]) || parts[1].isEmpty() || parts[2].isEmpty()
                || parts[2].contains("~")) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new InstallOwner(parts[1], parts[2]));
    }

    /**
     * The package a package's field manager names ({@code bundlectl/<package>}, which every install
     * of the package applies as), if it names one; which installs it holds fields for, the object's
     * owner list says.
     */
    public static java.util.Optional<String> packageOf(String manager) {
        String[] parts = manager.split("/", -1);
        if (parts.length != 2 || !"bundlectl".equals(parts[0]) || parts[1].isEmpty() || parts[1].contains("~")) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(parts[1]);
    }
}
