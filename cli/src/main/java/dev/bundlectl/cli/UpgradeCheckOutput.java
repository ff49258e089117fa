package dev.bundlectl.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.crdschema.upgrade.UpgradeFinding;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How {@code catalog check --upgrades} prints, package by package as each is checked: a table with
 * one row per finding, or one JSON document written as it goes. Neither holds more than a chunk
 * of rows (or the unreadable bundles, for the JSON document's end), however large the catalog.
 */
sealed interface UpgradeCheckOutput permits UpgradeCheckOutput.Table, UpgradeCheckOutput.Json {

    /** One package checked. */
    void add(PackageEdges checked);

    /** The end: the counts. */
    void finish(UpgradeCheckTally tally);

    /** The output for {@code -o}: table or json. */
    static UpgradeCheckOutput of(OutputFormat format, String catalog, PrintWriter out) {
        return switch (format) {
            case TABLE -> new Table(out);
            case JSON -> new Json(catalog, out);
            default -> throw new UserInputException("-o " + format.name().toLowerCase(java.util.Locale.ROOT)
                    + ": catalog check prints table or json");
        };
    }

    /** {@code PACKAGE EDGE CHANNELS FINDING}, one row per finding, then the counts. */
    final class Table implements UpgradeCheckOutput {

        private static final List<String> HEADERS = List.of("PACKAGE", "EDGE", "CHANNELS", "FINDING");

        private final PrintWriter out;
        private final TextTable table = new TextTable(HEADERS);
        private boolean any;

        Table(PrintWriter out) {
            this.out = out;
        }

        @Override
        public void add(PackageEdges checked) {
            for (EdgeFindings edge : checked.broken()) {
                for (UpgradeFinding finding : edge.findings()) {
                    table.row(List.of(edge.packageName(), edge.edge(), String.join(",", edge.channels()),
                            finding.describe()));
                    any = true;
                }
            }
            if (table.heldRows() >= BatchTable.CHUNK_ROWS) {
                table.printChunk(out);
                out.flush();
            }
        }

        @Override
        public void finish(UpgradeCheckTally tally) {
            if (any) {
                table.printChunk(out);
                out.println();
            }
            out.println(TerminalText.safe(tally.line()));
            String checks = tally.checksLine();
            if (!checks.isEmpty()) {
                out.println("Findings by check: " + checks);
            }
            out.flush();
        }
    }

    /** A {@code CatalogUpgradeCheck} document: the edges with findings, the unreadable bundles, the counts. */
    final class Json implements UpgradeCheckOutput {

        private final JsonGenerator json;
        private final List<PackageEdges.Unreadable> unreadable = new ArrayList<>();

        Json(String catalog, PrintWriter out) {
            ObjectMapper mapper = Mappers.reportJson();
            try {
                json = mapper.getFactory().createGenerator(out).useDefaultPrettyPrinter();
                json.setCodec(mapper);
                json.writeStartObject();
                json.writeStringField("kind", "CatalogUpgradeCheck");
                json.writeStringField("catalog", catalog);
                json.writeArrayFieldStart("edges");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void add(PackageEdges checked) {
            unreadable.addAll(checked.unreadable());
            try {
                for (EdgeFindings edge : checked.broken()) {
                    json.writeObject(edgeDocument(edge));
                }
                json.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void finish(UpgradeCheckTally tally) {
            try {
                json.writeEndArray();
                json.writeObjectField("unreadable", unreadable);
                json.writeObjectField("summary", tally.summary());
                json.writeEndObject();
                json.writeRaw('\n');
                json.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static Map<String, Object> edgeDocument(EdgeFindings edge) {
            Map<String, Object> document = new LinkedHashMap<>();
            document.put("package", edge.packageName());
            document.put("channels", edge.channels());
            document.put("from", Map.of("name", edge.from(), "version", edge.fromVersion()));
            document.put("to", Map.of("name", edge.to(), "version", edge.toVersion()));
            List<Map<String, Object>> findings = new ArrayList<>();
            for (UpgradeFinding finding : edge.findings()) {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("crd", finding.crd());
                item.put("version", finding.version());
                item.put("field", finding.field());
                item.put("check", finding.check().wireName());
                item.put("change", finding.change());
                item.put("old", finding.oldValue());
                item.put("new", finding.newValue());
                findings.add(item);
            }
            document.put("findings", findings);
            return document;
        }
    }
}
