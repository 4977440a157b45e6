// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace sfdesk {

class ApiCall;
class ApiError;

// One action on many rows (terminate, delete): a call per item, all at once, and one result at the
// end naming each item that failed and why, so a user sees what happened to every row.
namespace BulkAction {

struct Item
{
    QString name;
    std::function<ApiCall*()> start;
};

struct Outcome
{
    int total = 0;
    int done = 0;
    // "name (reason)" per failed item, in the order they failed.
    QStringList failures;
};

// Starts every item's call; failed(name, error) runs for each failure as it comes, finished(result)
// once when the last call has ended. Nothing runs after receiver is gone.
void run(QObject* receiver, const QList<Item>& items, std::function<void(const Outcome&)> finished,
         std::function<void(const QString& name, const ApiError& error)> failed = {});

} // namespace BulkAction

} // namespace sfdesk
