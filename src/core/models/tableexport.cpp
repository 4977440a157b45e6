// SPDX-License-Identifier: Apache-2.0

#include "core/models/tableexport.h"

#include <QAbstractItemModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace sfdesk {

namespace {

QString header(const QAbstractItemModel& model, int column)
{
    return model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
}

QString cell(const QAbstractItemModel& model, int row, int column)
{
    return model.index(row, column).data(Qt::DisplayRole).toString();
}

QString csvField(QString text)
{
    // A spreadsheet runs these as formulas (CSV injection).
    static const QString formulaStarts = QStringLiteral("=+-@\t\r");
    if (!text.isEmpty() && formulaStarts.contains(text.front()))
        text.prepend(u'\'');
    if (text.contains(u',') || text.contains(u'"') || text.contains(u'\n') || text.contains(u'\r')) {
        text.replace(QStringLiteral("\""), QStringLiteral("\"\""));
        return u'"' + text + u'"';
    }
    return text;
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
