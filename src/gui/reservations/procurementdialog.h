// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QDialog>
#include <QPointer>

#include <memory>
#include <optional>

class QPushButton;

namespace Ui {
class ProcurementDialog;
}

namespace sfdesk {

class DialogRequest;
class MarketBackend;

// Creates a procurement on a pool, or edits one: name, SKU, target node count, how far ahead it
// holds them (the managed window, as the sf CLI writes durations), the price cap it buys at and the
// floor it sells at, and whether it runs. The API cannot change a target in place (its PATCH has
// none): a new target replaces the procurement, which the dialog says before it does so. The
// server's refusal stays in the dialog, as plain text. Open it with open(); saved() reports.
class ProcurementDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProcurementDialog)

public:
    // SKU ids and the names to show, in order.
    using SkuNames = QList<std::pair<QString, QString>>;

    // A new procurement of pool `poolId`, its fields as `initial` has them.
    ProcurementDialog(MarketBackend* backend, const QString& poolId, const QString& poolName,
                      const SkuNames& skus, const ProcurementRequest& initial, QWidget* parent = nullptr);
    // An existing one, to change.
    ProcurementDialog(MarketBackend* backend, const Procurement& existing, const SkuNames& skus,
                      QWidget* parent = nullptr);
    ~ProcurementDialog() override;

    // What the fields describe; nullopt (and *why) when a field cannot be read.
    std::optional<ProcurementRequest> request(QString* why = nullptr) const;
    // The sf command line for what the fields describe (empty while they cannot be read).
    QString command() const;
    // A hint under the fields, such as the market's best ask over the window.
    void setMarketHint(const QString& text);
    bool isEditing() const { return m_existing.has_value(); }

    void accept() override;

Q_SIGNALS:
    // Created, changed or replaced: the procurement as the server answered.
    void saved(const sfdesk::Procurement& procurement);

private:
    ProcurementDialog(MarketBackend* backend, const QString& poolId, const QString& poolName,
                      const SkuNames& skus, QWidget* parent);
    void fill(const ProcurementRequest& values);
    void updateState();
    void fail(const QString& message);
    void finish(const Procurement& procurement);
    // A new target: delete the old procurement, then create it again.
    void replace(const ProcurementRequest& request);

    std::unique_ptr<Ui::ProcurementDialog> m_ui;
    QPointer<MarketBackend> m_backend;
    QString m_poolId;
    std::optional<Procurement> m_existing;
    QPushButton* m_save = nullptr;
    QPushButton* m_copy = nullptr;
    DialogRequest* m_request = nullptr;
};

} // namespace sfdesk
