// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/pricewatch.h"

#include <QDialog>
#include <QPointer>

#include <memory>

class QTableView;

namespace Ui {
class PriceWatchDialog;
class PriceWatchesDialog;
} // namespace Ui

namespace sfdesk {

// One price watch to make or change: the SKU, nodes, length, the range of starts, the most per
// node-hour and when it stops. Saved into the connection's list on OK (an edited watch waits again).
class PriceWatchDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PriceWatchDialog)

public:
    // `skus`: ids and names to choose from; times shown in UTC when `utc`.
    PriceWatchDialog(PriceWatchList* watches, const PriceWatch& watch,
                     const QList<std::pair<QString, QString>>& skus, bool utc, QWidget* parent = nullptr);
    ~PriceWatchDialog() override;

    // Opens one, deleted on close.
    static PriceWatchDialog* openFor(PriceWatchList* watches, const PriceWatch& watch,
                                     const QList<std::pair<QString, QString>>& skus, bool utc,
                                     QWidget* parent);

    void accept() override;

Q_SIGNALS:
    void saved(const QString& id);

private:
    std::unique_ptr<Ui::PriceWatchDialog> m_ui;
    QPointer<PriceWatchList> m_watches;
    PriceWatch m_watch;
    // The expiry moves with the latest start while they are the same.
    bool m_expiresFollows;
};

// The connection's price watches, with Edit… and Delete; a fired watch's Buy… opens the order.
class PriceWatchesDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PriceWatchesDialog)

public:
    PriceWatchesDialog(PriceWatchList* watches, const QList<std::pair<QString, QString>>& skus, bool utc,
                       QWidget* parent = nullptr);
    ~PriceWatchesDialog() override;

    QTableView* table() const { return m_table; }

Q_SIGNALS:
    void buyRequested(const sfdesk::PriceWatch& watch);

private:
    std::optional<PriceWatch> current() const;
    void updateButtons();

    std::unique_ptr<Ui::PriceWatchesDialog> m_ui;
    QPointer<PriceWatchList> m_watches;
    QList<std::pair<QString, QString>> m_skus;
    bool m_utc;
    QTableView* m_table = nullptr;
};

} // namespace sfdesk
