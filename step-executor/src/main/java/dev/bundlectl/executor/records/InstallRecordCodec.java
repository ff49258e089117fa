package dev.bundlectl.executor.records;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;

/**
 * Turns records into gzip-compressed JSON and back, and keeps them under a size limit.
 *
 * <p>The API server rejects a Secret whose data exceeds 1 MiB. The default limit of 900 KiB leaves
 * room for the Secret's metadata. A record over the limit has its step messages cut to a maximum
 * length; if it is still too large, encoding fails with {@link RecordTooLargeException}.
 */
public final class InstallRecordCodec {

    /** The default limit on the compressed size. */
    public static final int DEFAULT_MAX_BYTES = 900 * 1024;
    /** The default length step messages are cut to when a record is too large. */
    public static final int DEFAULT_MESSAGE_CAP = 1024;

    // A corrupted or hostile Secret must not be able to exhaust memory through decompression.
    private static final int MAX_JSON_BYTES = 64 * 1024 * 1024;
    private static final String FORMAT_FIELD = "formatVersion";

    private final ObjectMapper mapper;
    private final int maxBytes;
    private final int messageCap;

    /** A codec with the default limits. */
    public InstallRecordCodec() {
        this(DEFAULT_MAX_BYTES, DEFAULT_MESSAGE_CAP);
    }

    /**
     * @param maxBytes the largest compressed size accepted
     * @param messageCap the length step messages are cut to when a record is over {@code maxBytes}
     */
    public InstallRecordCodec(int maxBytes, int messageCap) {
        if (maxBytes <= 0 || messageCap <= 0) {
            throw new IllegalArgumentException("maxBytes and messageCap must be positive");
        }
        this.maxBytes = maxBytes;
        this.messageCap = messageCap;
        this.mapper = Mappers.recordJson();
    }

    /**
     * Encodes a record.
     *
     * @throws RecordTooLargeException if it stays over the limit with its messages cut
     */
    public EncodedRecord encode(InstallRecord record) {
        byte[] json = toJson(record);
        byte[] gzip = gzip(json);
        if (gzip.length <= maxBytes) {
            return new EncodedRecord(gzip, json.length, 0);
        }
        List<RecordedStep> shortened = new ArrayList<>(record.steps().size());
        int cut = 0;
        for (RecordedStep step : record.steps()) {
            String message = step.message();
            if (message != null && message.length() > messageCap) {
                shortened.add(step.withMessage(message.substring(0, messageCap)
                        + "... (cut from " + message.length() + " characters to fit the record)"));
                cut++;
            } else {
                shortened.add(step);
            }
        }
        byte[] shortJson = toJson(record.withSteps(shortened));
        byte[] shortGzip = gzip(shortJson);
        if (shortGzip.length <= maxBytes) {
            return new EncodedRecord(shortGzip, shortJson.length, cut);
        }
        throw new RecordTooLargeException("install record " + record.name() + " for package " + record.packageName()
                + " would take " + kib(shortGzip.length) + " KiB compressed (" + record.steps().size() + " steps, "
                + record.createdObjects().size() + " created objects), over the " + kib(maxBytes)
                + " KiB limit of a Secret even with step messages cut to " + messageCap + " characters");
    }

    /**
     * Decodes a record.
     *
     * @param gzip the stored bytes
     * @param source what they were read from, for messages, e.g. {@code Secret ns/name}
     * @throws InvalidRecordException if the bytes are not a record this version can read
     */
    public InstallRecord decode(byte[] gzip, String source) {
        byte[] json = gunzip(gzip, source);
        JsonNode tree;
        try {
            tree = mapper.readTree(json);
        } catch (IOException e) {
            throw new InvalidRecordException(source, "the record is not valid JSON: " + oneLine(e), e);
        }
        if (tree == null || !tree.isObject()) {
            throw new InvalidRecordException(source, "the record is not a JSON object", null);
        }
        JsonNode format = tree.get(FORMAT_FIELD);
        if (format == null || !format.canConvertToInt()) {
            throw new InvalidRecordException(source, "the record has no " + FORMAT_FIELD, null);
        }
        if (format.asInt() > InstallRecord.FORMAT_VERSION) {
            throw new InvalidRecordException(source, "the record has format " + format.asInt()
                    + ", written by a newer bundlectl; this one reads format " + InstallRecord.FORMAT_VERSION
                    + " or older", null);
        }
        try {
            return mapper.treeToValue(tree, InstallRecord.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new InvalidRecordException(source, "the record is malformed: " + oneLine(e), e);
        }
    }

    private byte[] toJson(InstallRecord record) {
        try {
            return mapper.writeValueAsBytes(record);
        } catch (JsonProcessingException e) {
            // Records hold only strings, numbers, enums and times: this is a programming error.
            throw new IllegalStateException("cannot serialize install record " + record.name(), e);
        }
    }

    private static byte[] gzip(byte[] json) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(json.length / 8 + 64);
        try (OutputStream out = new BestCompressionGzip(bytes)) {
            out.write(json);
        } catch (IOException e) {
            throw new UncheckedIOException("in-memory compression failed", e);
        }
        return bytes.toByteArray();
    }

    private static byte[] gunzip(byte[] gzip, String source) {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            byte[] json = in.readNBytes(MAX_JSON_BYTES + 1);
            if (json.length > MAX_JSON_BYTES) {
                throw new InvalidRecordException(source, "the record decompresses to more than "
                        + MAX_JSON_BYTES / (1024 * 1024) + " MiB", null);
            }
            return json;
        } catch (ZipException | java.io.EOFException e) {
            throw new InvalidRecordException(source, "the record is not gzip data: " + oneLine(e), e);
        } catch (IOException e) {
            throw new InvalidRecordException(source, "the record cannot be decompressed: " + oneLine(e), e);
        }
    }

    private static long kib(int bytes) {
        return (bytes + 1023L) / 1024;
    }

    private static String oneLine(Exception e) {
        String message = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            message = "field " + fieldPath(mapping) + ": " + message;
        } else if (e instanceof JsonProcessingException json && json.getLocation() != null
                && json.getLocation().getLineNr() > 0) {
            message = message + " (at line " + json.getLocation().getLineNr() + ", column "
                    + json.getLocation().getColumnNr() + ")";
        }
        return message == null ? e.getClass().getSimpleName() : message.replaceAll("\\s*\\R\\s*", " ");
    }

    /** {@code steps[3].status}: where in the record a value did not fit. */
    private static String fieldPath(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : e.getPath()) {
            if (reference.getFieldName() != null) {
                path.append(path.length() == 0 ? "" : ".").append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    /** GZIP at the highest compression level: records are written rarely and read rarely. */
    private static final class BestCompressionGzip extends GZIPOutputStream {
        BestCompressionGzip(OutputStream out) throws IOException {
            super(out);
            def.setLevel(Deflater.BEST_COMPRESSION);
        }
    }
}
