// SPDX-License-Identifier: Apache-2.0

#include "core/models/tableexport.h"

#include <QAbstractItemModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringList>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

QString header(const QAbstractItemModel& model, int column)
{
    return model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
}

QString cell(const QAbstractItemModel& model, int row, int column)
{
    return model.index(row, column).data(Qt::DisplayRole).toString();
}

// A number as the tables show one (digits, an optional minus, a decimal point, thousands
// separators): a spreadsheet reads it as a number, and it runs nothing.
bool isPlainNumber(const QString& text)
{
    static const QRegularExpression number(u"\\A-?(\\d{1,3}(,\\d{3})+|\\d+)(\\.\\d+)?\\z"_s);
    return number.match(text).hasMatch();
}

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
bool isFormulaStart(QChar c)
{
    return c == u'=' || c == u'+' || c == u'-' || c == u'@' || c == u'\t' || c == u'\r';
}

QString csvField(const QString& text)
{
    QString field;
    field.reserve(text.size() + 2);
    if (isPlainNumber(text)) {
        field = text;
    } else {
        // Spreadsheets whose list separator is ';' split a cell there, or at a tab or a line break
        // when the field's quotes are not theirs: every piece that could become a cell of its own
        // is neutralised, not only the first.
        bool pieceStarts = true;
        for (const QChar c : text) {
            if (pieceStarts && isFormulaStart(c))
                field += u'\'';
            field += c;
            pieceStarts = c == u';' || c == u'\t' || c == u'\n' || c == u'\r';
        }
    }
    static const QRegularExpression needsQuotes(u"[,;\"\t\r\n]"_s);
    if (field.contains(needsQuotes)) {
        field.replace(u"\""_s, u"\"\""_s);
        return u'"' + field + u'"';
    }
    return field;
}

} // namespace

namespace TableExport {

QByteArray toCsv(const QAbstractItemModel& model, const QList<int>& columns)
{
    QString out;
    const auto line = [&out](const QStringList& fields) {
        out += fields.join(u',');
        out += QStringLiteral("\r\n");
    };
    QStringList fields;
    for (const int column : columns)
        fields << csvField(header(model, column));
    line(fields);
    for (int row = 0; row < model.rowCount(); ++row) {
        fields.clear();
        for (const int column : columns)
            fields << csvField(cell(model, row, column));
        line(fields);
    }
    return out.toUtf8();
}

QByteArray toJson(const QAbstractItemModel& model, const QList<int>& columns)
{
    QJsonArray rows;
    for (int row = 0; row < model.rowCount(); ++row) {
        QJsonObject object;
        for (const int column : columns)
            object.insert(header(model, column), cell(model, row, column));
        rows.append(object);
    }
    return QJsonDocument(rows).toJson(QJsonDocument::Indented);
}

} // namespace TableExport

} // namespace sfdesk
