package dev.bundlectl.source.layer;

import dev.bundlectl.source.errors.RefusedImageException;
import java.util.HashMap;
import java.util.Map;

/** A pax extended header's {@code "<length> key=value\n"} records. */
final class PaxRecords {

    private final Map<String, String> records;

    private PaxRecords(Map<String, String> records) {
        this.records = records;
    }

    static PaxRecords parse(String text, String what) {
        Map<String, String> records = new HashMap<>();
        for (String line : text.split("\n")) {
            int space = line.indexOf(' ');
            int equals = line.indexOf('=');
            if (space < 0 || equals < space) {
                continue;
            }
            records.put(line.substring(space + 1, equals), line.substring(equals + 1));
        }
        PaxRecords parsed = new PaxRecords(records);
        if (records.containsKey("size")) {
            try {
                Long.parseLong(records.get("size"));
            } catch (NumberFormatException e) {
                throw new RefusedImageException(what + ": a pax header with a malformed size");
            }
        }
        return parsed;
    }

    String get(String key) {
        return records.get(key);
    }

    Long size() {
        return records.containsKey("size") ? Long.valueOf(records.get("size")) : null;
    }
}
