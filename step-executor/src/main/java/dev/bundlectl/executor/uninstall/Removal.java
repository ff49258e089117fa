package dev.bundlectl.executor.uninstall;

import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.api.ApiResource;
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
     * Give up the install's ownership and leave the object: its field manager applies an empty
     * object, on the {@code resourceVersion} read, which drops its mark and the fields only it
     * applied; or, when nobody else applies the object's fields and it stays by policy (a CRD kept),
     * only its mark is removed, since dropping the fields would leave an object the server refuses.
     * {@code kept} tells a CRD kept by policy from an object another install still owns.
     *
     * @param mark the annotation key of the install's mark, removed alone when {@code fieldsStay}
     * @param fieldsStay whether only the mark goes and the fields stay as they are
     */
    record Release(ObjectRef object, ApiResource type, String namespace, String resourceVersion, String manager,
            String detail, boolean kept, String mark, boolean fieldsStay) implements Removal {
        public Release {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(manager, "manager");
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
