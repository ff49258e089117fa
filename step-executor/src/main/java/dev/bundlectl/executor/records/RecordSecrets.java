package dev.bundlectl.executor.records;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Base64;

/**
 * The Secret form of an install record: its type, labels, annotations and data key.
 *
 * <p>Labels let a selector find the records of a package. Annotations repeat a few fields so that
 * {@code kubectl get secret -o yaml} is informative and so that records can be ordered without
 * decoding them. The data key {@value #DATA_KEY} holds the gzip-compressed JSON record.
 */
public final class RecordSecrets {

    /** The Secret type of every install record. */
    public static final String TYPE = "bundlectl.dev/install-record";
    /** The data key of the compressed record. */
    public static final String DATA_KEY = "record.json.gz";
    /** Standard label naming the tool that manages the object. */
    public static final String LABEL_MANAGED_BY = "app.kubernetes.io/managed-by";
    /** The value of {@link #LABEL_MANAGED_BY}. */
    public static final String MANAGED_BY = "bundlectl";
    /** Label with the package, made a valid label value by {@link RecordNames#labelValue}. */
    public static final String LABEL_PACKAGE = "bundlectl.dev/package";
    /** Label with the record name, made a valid label value by {@link RecordNames#labelValue}. */
    public static final String LABEL_INSTALL = "bundlectl.dev/install";
    /** The exact package name, which the label may have had to change. */
    public static final String ANNOTATION_PACKAGE = "bundlectl.dev/package-name";
    /** The run's start time in RFC 3339; records sort on it. */
    public static final String ANNOTATION_START_TIME = "bundlectl.dev/start-time";
    /** The CSV name. */
    public static final String ANNOTATION_CSV = "bundlectl.dev/csv";
    /** The plan phase when the record was saved. */
    public static final String ANNOTATION_PHASE = "bundlectl.dev/phase";
    /** The record format version. */
    public static final String ANNOTATION_FORMAT = "bundlectl.dev/record-format";

    private RecordSecrets() {
    }

    /** The Secret that stores {@code record} as {@code encoded}. */
    public static RecordSecret toSecret(InstallRecord record, EncodedRecord encoded) {
        ObjectNode secret = JsonNodeFactory.instance.objectNode();
        secret.put("apiVersion", "v1");
        secret.put("kind", "Secret");
        ObjectNode metadata = secret.putObject("metadata");
        metadata.put("name", record.name());
        metadata.put("namespace", record.namespace());
        ObjectNode labels = metadata.putObject("labels");
        labels.put(LABEL_MANAGED_BY, MANAGED_BY);
        labels.put(LABEL_PACKAGE, RecordNames.labelValue(record.packageName()));
        labels.put(LABEL_INSTALL, RecordNames.labelValue(record.name()));
        ObjectNode annotations = metadata.putObject("annotations");
        annotations.put(ANNOTATION_PACKAGE, record.packageName());
        annotations.put(ANNOTATION_START_TIME, record.startTime().toString());
        if (record.csvName() != null) {
            annotations.put(ANNOTATION_CSV, record.csvName());
        }
        annotations.put(ANNOTATION_PHASE, record.phase().wireName());
        annotations.put(ANNOTATION_FORMAT, Integer.toString(record.formatVersion()));
        secret.putObject("data").put(DATA_KEY, Base64.getEncoder().encodeToString(encoded.gzip()));
        secret.put("type", TYPE);
        return new RecordSecret(secret);
    }

    /** {@code Secret namespace/name}, as messages name a Secret. */
    public static String describe(RecordSecret secret) {
        return secret.hasMetadata() ? "Secret " + secret.namespace() + "/" + secret.name() : "Secret (no metadata)";
    }

    /**
     * Whether the Secret is an install record by its type. Labels do not decide: other objects
     * bundlectl manages may carry the same labels.
     */
    public static boolean isRecord(RecordSecret secret) {
        return TYPE.equals(secret.type());
    }

    /**
     * Whether the Secret is an install record of exactly {@code packageName}, by its metadata: the
     * package annotation, or the package label when the annotation is missing.
     */
    public static boolean isRecordOf(RecordSecret secret, String packageName) {
        if (!isRecord(secret)) {
            return false;
        }
        String annotated = secret.annotation(ANNOTATION_PACKAGE);
        return annotated != null ? annotated.equals(packageName)
                : RecordNames.labelValue(packageName).equals(secret.label(LABEL_PACKAGE));
    }

    /**
     * The best start time the Secret's metadata gives without decoding it: its start-time
     * annotation, else its creation time, else null.
     */
    public static Instant startTimeOf(RecordSecret secret) {
        Instant annotated = parse(secret.annotation(ANNOTATION_START_TIME));
        return annotated != null ? annotated : parse(secret.creationTimestamp());
    }

    /**
     * Reads the record a Secret stores.
     *
     * @throws InvalidRecordException naming the Secret if it is not a readable install record
     */
    public static InstallRecord fromSecret(RecordSecret secret, InstallRecordCodec codec) {
        String source = describe(secret);
        if (!secret.hasMetadata()) {
            throw new InvalidRecordException(source, "the Secret has no metadata", null);
        }
        if (!TYPE.equals(secret.type())) {
            throw new InvalidRecordException(source, "not a bundlectl install record: its type is \""
                    + secret.type() + "\", not \"" + TYPE + "\"", null);
        }
        byte[] gzip = storedBytes(secret, source);
        InstallRecord record = codec.decode(gzip, source);
        if (!record.name().equals(secret.name()) || !record.namespace().equals(secret.namespace())) {
            throw new InvalidRecordException(source, "the record inside is " + record.namespace() + "/"
                    + record.name() + "; it was copied from another Secret and is not trusted", null);
        }
        return record;
    }

    private static byte[] storedBytes(RecordSecret secret, String source) {
        String base64 = secret.data(DATA_KEY);
        if (base64 == null || base64.isEmpty()) {
            throw new InvalidRecordException(source, "data key " + DATA_KEY + " is missing", null);
        }
        try {
            return Base64.getMimeDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new InvalidRecordException(source, "data key " + DATA_KEY + " is not base64: " + e.getMessage(), e);
        }
    }

    private static Instant parse(String time) {
        if (time == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(time).toInstant();
        } catch (DateTimeParseException e) {
            // An unreadable time only costs ordering; the record itself is judged when decoded.
            return null;
        }
    }
}
