// SPDX-License-Identifier: Apache-2.0

// A table exported as CSV and JSON reads back, through a CSV parser and a JSON parser, as the
// rows and columns shown, whatever the cells hold.
#include "core/models/tableexport.h"

#include <QAbstractTableModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

// RFC 4180, as a spreadsheet reads it.
QList<QStringList> parseCsv(const QString& text)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text.at(i + 1) == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            row << field;
            field.clear();
        } else if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n') {
            row << field;
            rows << row;
            row.clear();
            field.clear();
            ++i;
        } else {
            field += c;
        }
    }
    return rows;
}

// Cells and headers as given.
class Table final : public QAbstractTableModel
{
public:
    Table(QStringList headers, QList<QStringList> cells)
        : m_headers(std::move(headers))
        , m_cells(std::move(cells))
    {}
    int rowCount(const QModelIndex& parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_cells.size());
    }
    int columnCount(const QModelIndex& parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_headers.size());
    }
    QVariant data(const QModelIndex& index, int role) const override
    {
        return role == Qt::DisplayRole ? QVariant(m_cells.at(index.row()).at(index.column())) : QVariant();
    }
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override
    {
        return orientation == Qt::Horizontal && role == Qt::DisplayRole ? QVariant(m_headers.at(section))
                                                                        : QVariant();
    }

private:
    QStringList m_headers;
    QList<QStringList> m_cells;
};

} // namespace

class TestTableExport final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTripsThroughParsers()
    {
        const QList<QStringList> cells = {
            {u"worker-1"_s, u"Running"_s, u"plain"_s},
            {u"a, b"_s, u"say \"hi\""_s, u"two\nlines"_s},
            {u"=HYPERLINK(\"x\")"_s, u"+1"_s, u"Zürich 東京"_s},
            {QString(), u"-"_s, u"@sum"_s},
        };
        Table model({u"Name"_s, u"Status, now"_s, u"Note"_s}, cells);
        // Shown sorted by name, descending, with the middle column moved last.
        QSortFilterProxyModel shown;
        shown.setSourceModel(&model);
        shown.sort(0, Qt::DescendingOrder);
        const QList<int> columns = {0, 2, 1};

        const QList<QStringList> csv = parseCsv(QString::fromUtf8(TableExport::toCsv(shown, columns)));
        QCOMPARE(csv.size(), cells.size() + 1);
        QCOMPARE(csv.first(), (QStringList{u"Name"_s, u"Note"_s, u"Status, now"_s}));
        const QJsonArray json = QJsonDocument::fromJson(TableExport::toJson(shown, columns)).array();
        QCOMPARE(json.size(), cells.size());
        for (int row = 0; row < shown.rowCount(); ++row) {
            const QStringList& parsed = csv.at(row + 1);
            QCOMPARE(parsed.size(), 3);
            for (int i = 0; i < columns.size(); ++i) {
                const QString cell = shown.index(row, columns.at(i)).data().toString();
                // A cell a spreadsheet would run as a formula reads as text.
                const bool formula = !cell.isEmpty() && u"=+-@"_s.contains(cell.front());
                QCOMPARE(parsed.at(i), formula ? u'\'' + cell : cell);
                const QString header = shown.headerData(columns.at(i), Qt::Horizontal).toString();
                QCOMPARE(json.at(row).toObject().value(header).toString(), cell);
            }
        }
        // In the order shown.
        QCOMPARE(csv.at(1).first(), u"worker-1"_s);
        QCOMPARE(csv.last().first(), QString());
    }

    // Each field exactly as written: quoted when a comma, semicolon, quote, tab or line break is in
    // it; an apostrophe before every piece a spreadsheet could read as a formula, at the start and
    // after each ';', tab or line break (where spreadsheets whose list separator is ';' start a
    // cell); numbers as the tables show them kept as numbers.
    void fieldsAreWrittenSafely_data()
    {
        QTest::addColumn<QString>("cell");
        QTest::addColumn<QString>("field");
        QTest::newRow("plain") << u"worker-1"_s << u"worker-1"_s;
        QTest::newRow("semicolon") << u"a;b"_s << u"\"a;b\""_s;
        QTest::newRow("formula after a semicolon") << u"a;=1+1"_s << u"\"a;'=1+1\""_s;
        QTest::newRow("hyperlink") << u"=HYPERLINK(\"http://x.example\")"_s
                                   << u"\"'=HYPERLINK(\"\"http://x.example\"\")\""_s;
        QTest::newRow("hyperlink after a semicolon")
            << u"x;=HYPERLINK(\"http://x.example\")"_s << u"\"x;'=HYPERLINK(\"\"http://x.example\"\")\""_s;
        QTest::newRow("negative number") << u"-1.00"_s << u"-1.00"_s;
        QTest::newRow("negative amount") << u"-1250.000000"_s << u"-1250.000000"_s;
        QTest::newRow("thousands") << u"-1,234.50"_s << u"\"-1,234.50\""_s;
        QTest::newRow("number") << u"42"_s << u"42"_s;
        QTest::newRow("plus") << u"+1"_s << u"'+1"_s;
        QTest::newRow("minus alone") << u"-"_s << u"'-"_s;
        QTest::newRow("arithmetic") << u"-1+2"_s << u"'-1+2"_s;
        QTest::newRow("at") << u"@SUM(A1)"_s << u"'@SUM(A1)"_s;
        QTest::newRow("leading tab") << u"\t=1"_s << u"\"'\t'=1\""_s;
        QTest::newRow("formula after a tab") << u"a\t=1"_s << u"\"a\t'=1\""_s;
        QTest::newRow("leading CR") << u"\r=1"_s << u"\"'\r'=1\""_s;
        QTest::newRow("formula after a line break") << u"a\n@SUM(A1)"_s << u"\"a\n'@SUM(A1)\""_s;
        QTest::newRow("formula after CRLF") << u"a\r\n+1"_s << u"\"a\r\n'+1\""_s;
    }

    void fieldsAreWrittenSafely()
    {
        QFETCH(QString, cell);
        QFETCH(QString, field);
        Table model({u"A"_s, u"B"_s}, {{u"x"_s, cell}});
        const QString csv = QString::fromUtf8(TableExport::toCsv(model, {0, 1}));
        QCOMPARE(csv, u"A,B\r\nx,"_s + field + u"\r\n"_s);
        // Read back by an RFC 4180 reader: the cell, or the cell with its apostrophes.
        const QList<QStringList> rows = parseCsv(csv);
        QCOMPARE(rows.size(), 2);
        QCOMPARE(QString(rows.at(1).at(1)).remove(u'\''), QString(cell).remove(u'\''));
    }

    // A reader that splits at ';' and line breaks and honours no quotes in the middle of a line
    // (a spreadsheet set to another list separator) finds no cell it would run.
    void semicolonReaderRunsNothing()
    {
        const QStringList hostile = {u"a;=1+1"_s,
                                     u"x;=HYPERLINK(\"http://x.example\")"_s,
                                     u"b;+cmd|' /C calc'!A0"_s,
                                     u"c;-2+3"_s,
                                     u"d;@SUM(A1)"_s,
                                     u"e\n=1"_s,
                                     u"f\t=1"_s,
                                     u"g;\t=1"_s};
        QList<QStringList> cells;
        for (const QString& h : hostile)
            cells << QStringList{u"name, with comma"_s, h, u"-1.00"_s};
        Table model({u"A"_s, u"B"_s, u"C"_s}, cells);
        const QString csv = QString::fromUtf8(TableExport::toCsv(model, {0, 1, 2}));
        static const QRegularExpression separators(u"[;\r\n\t]"_s);
        for (QString piece : csv.split(separators, Qt::SkipEmptyParts)) {
            if (piece.startsWith(u'"'))
                piece.remove(0, 1);
            QVERIFY2(piece.isEmpty() || !u"=+-@"_s.contains(piece.front()), qPrintable(piece));
        }
    }

    void emptyTableIsItsHeader()
    {
        Table model({u"A"_s, u"B"_s}, {});
        QCOMPARE(TableExport::toCsv(model, {0, 1}), QByteArray("A,B\r\n"));
        QCOMPARE(QJsonDocument::fromJson(TableExport::toJson(model, {0, 1})).array().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestTableExport)
#include "tst_tableexport.moc"
