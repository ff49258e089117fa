package dev.bundlectl.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * How a real-server test reads the owners an object's annotations name (docs/semantics.md §8): the
 * package's owner list, {@code owners.bundlectl.dev/<package>: <digest> <ns1>,<ns2>}, and the
 * per-install marks the release before wrote, {@code <namespace>.owners.bundlectl.dev/<package>}.
 * Written out here rather than taken from the code under test, so that the tests pin the format.
 */
final class OwnerAnnotations {

    /** The prefix of every package's owner list key. */
    static final String LIST_PREFIX = "owners.bundlectl.dev/";

    private OwnerAnnotations() {
    }

    /** The key of {@code packageName}'s owner list. */
    static String listKey(String packageName) {
        return LIST_PREFIX + packageName;
    }

    /** The key of a per-install mark, as the release before wrote it. */
    static String earlierMark(String namespace, String packageName) {
        return namespace + "." + LIST_PREFIX + packageName;
    }

    /** The namespaces {@code packageName}'s owner list names, in its order; empty without one. */
    static List<String> listed(Map<String, String> annotations, String packageName) {
        String value = annotations == null ? null : annotations.get(listKey(packageName));
        if (value == null) {
            return List.of();
        }
        int space = value.indexOf(' ');
        return space < 0 ? List.of() : Arrays.asList(value.substring(space + 1).split(","));
    }

    /** The digest {@code packageName}'s owner list gives, or null without one. */
    static String listDigest(Map<String, String> annotations, String packageName) {
        String value = annotations == null ? null : annotations.get(listKey(packageName));
        return value == null ? null : value.split(" ", 2)[0];
    }

    /**
     * Every install {@code annotations} name as an owner, as {@code <namespace>/<package>}: the listed
     * ones and those of per-install marks.
     */
    static List<String> owners(Map<String, String> annotations) {
        List<String> owners = new ArrayList<>();
        if (annotations == null) {
            return owners;
        }
        annotations.forEach((key, value) -> {
            if (key.startsWith(LIST_PREFIX)) {
                String packageName = key.substring(LIST_PREFIX.length());
                listed(annotations, packageName).forEach(namespace -> owners.add(namespace + "/" + packageName));
            } else if (key.contains("." + LIST_PREFIX)) {
                int at = key.indexOf("." + LIST_PREFIX);
                owners.add(key.substring(0, at) + "/" + key.substring(at + LIST_PREFIX.length() + 1));
            }
        });
        return owners;
    }

    /**
     * Asserts that {@code annotations} hold nothing but {@code packageName}'s owner list, naming
     * exactly {@code namespaces}: the one owner annotation an object its installs own carries.
     */
    static void assertOwnedOnlyBy(Map<String, String> annotations, String packageName, String... namespaces) {
        org.assertj.core.api.Assertions.assertThat(annotations).as("owner annotations")
                .containsOnlyKeys(listKey(packageName));
        org.assertj.core.api.Assertions.assertThat(listed(annotations, packageName)).as("owners listed")
                .containsExactlyElementsOf(Arrays.stream(namespaces).sorted().toList());
    }

    /** {@code <namespace>/<package>}, as {@link #owners} names an owner. */
    static String owner(String namespace, String packageName) {
        return namespace + "/" + packageName;
    }

    /** Whether {@code annotations} name any owner, listed or marked. */
    static boolean anyOwner(Map<String, String> annotations) {
        return !owners(annotations).isEmpty();
    }

    /** Whether {@code annotations} name the install of {@code packageName} in {@code namespace} as an owner. */
    static boolean ownedBy(Map<String, String> annotations, String namespace, String packageName) {
        return owners(annotations).contains(namespace + "/" + packageName);
    }
}
