// SPDX-License-Identifier: Apache-2.0

// A table exported as CSV and JSON reads back, through a CSV parser and a JSON parser, as the
// rows and columns shown, whatever the cells hold.
#include "core/models/tableexport.h"

#include <QAbstractTableModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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

    void emptyTableIsItsHeader()
    {
        Table model({u"A"_s, u"B"_s}, {});
        QCOMPARE(TableExport::toCsv(model, {0, 1}), QByteArray("A,B\r\n"));
        QCOMPARE(QJsonDocument::fromJson(TableExport::toJson(model, {0, 1})).array().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestTableExport)
#include "tst_tableexport.moc"
