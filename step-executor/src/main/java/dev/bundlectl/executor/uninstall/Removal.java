package dev.bundlectl.executor.uninstall;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.ownership.OwnerListing;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.api.ApiResource;
import java.util.List;
import java.util.Objects;

/**
 * What removing one object an install owned comes to, decided from the object as it is now
 * ({@link Removals}) before anything is done, so that the rights it needs can be asked about first.
 */
sealed interface Removal {

    /** The object. */
    ObjectRef object();

    /** Nothing to do: it is gone (or its API is). */
    record Gone(ObjectRef object, String detail) implements Removal {
    }

    /** Nothing to do: it is not the install's (another owns it, or it was replaced). */
    record Skip(ObjectRef object, String detail) implements Removal {
    }

    /**
     * It could not be read; {@code forbidden} when the server refused the read (403), then {@code type}
     * is the resource it was read through.
     */
    record Unreadable(ObjectRef object, String detail, boolean forbidden, ApiResource type) implements Removal {
    }

    /**
     * Give up the install's ownership and leave the object (docs/semantics.md §8, "Uninstall"): each
     * field manager of {@code emptied} applies an empty object, on the version read, which drops the
     * fields only it applied (a per-install mark of the release before with them); then the install
     * leaves its package's owner list with a JSON patch on the version that left. When nobody else
     * applies the object's fields and it stays by policy (a CRD kept), or another install of the
     * package still applies them, no manager gives its fields up: dropping them would leave an object
     * the server refuses, or take them from the others. {@code kept} tells a CRD kept by policy from
     * an object another install still owns.
     *
     * @param live the object as read, which the removal was decided from
     * @param emptied the field managers that give up their fields, in order: the package's (no other
     *     install of the package still applies them), the install's own of the release before, the
     *     earlier releases' one; empty when the fields stay
     * @param leaving the list write that takes the install (and its package's gone installs) off the
     *     package's owner list and any per-install mark of its own off the object; null for an object
     *     an earlier release's install applied, which carries neither
     */
    record Release(ObjectRef object, ApiResource type, String namespace, JsonNode live, String detail, boolean kept,
            List<String> emptied, OwnerListing leaving) implements Removal {
        public Release {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(live, "live");
            emptied = List.copyOf(emptied);
        }

        /** Whether the fields stay as they are: only the install's entry goes. */
        public boolean fieldsStay() {
            return emptied.isEmpty();
        }

        /** The {@code resourceVersion} the object was read at. */
        public String resourceVersion() {
            return live.path("metadata").path("resourceVersion").asText(null);
        }
    }

    /** A CRD kept by policy that the install did not mark (an earlier release's): nothing to give up. */
    record Keep(ObjectRef object, String detail) implements Removal {
    }

    /** Delete it, on the uid and resourceVersion read, so that a changed or replaced object stays. */
    record Delete(ObjectRef object, ApiResource type, String namespace, String uid, String resourceVersion)
            implements Removal {
        public Delete {
            Objects.requireNonNull(type, "type");
        }
    }
}
