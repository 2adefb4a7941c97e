package io.rxhealth.ovs.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A plain aligned text table: columns padded to their widest cell, numbers right-aligned. */
final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    TextTable(String... headers) {
        this.columns = headers.length;
        rows.add(headers);
    }

    TextTable row(Object... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("cells: " + cells.length + " (expected: " + columns + ")");
        }
        String[] text = new String[columns];
        for (int i = 0; i < columns; i++) {
            text[i] = cells[i] == null ? "-" : String.valueOf(cells[i]);
        }
        rows.add(text);
        return this;
    }

    String render() {
        int[] width = new int[columns];
        boolean[] numeric = new boolean[columns];
        Arrays.fill(numeric, rows.size() > 1);
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], rows.get(r)[c].length());
                if (r > 0 && !rows.get(r)[c].matches("[-+]?[0-9.]+%?")) {
                    numeric[c] = false;
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String cell = row[c];
                String pad = " ".repeat(width[c] - cell.length());
                line.append(numeric[c] ? pad + cell : cell + pad);
                if (c < columns - 1) {
                    line.append("  ");
                }
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }
}
