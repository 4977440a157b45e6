// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QWidget>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTimer;

namespace sfdesk {

// The planner's side panel: the order being drawn (side, window, nodes, SKU, limit, standing and
// partial), its live preview, and Quote and Place. Pure UI: the page sends previews and orders.
class OrderPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OrderPanel)

public:
    // How many nodes of a SKU can be sold over [start, end).
    using SellableProvider = std::function<qint64(const QString& sku, qint64 start, qint64 end)>;

    explicit OrderPanel(QWidget* parent = nullptr);
    ~OrderPanel() override;

    void setPool(const QString& poolId);
    void setSkus(const QList<std::pair<QString, QString>>& idsAndNames);
    void setSellableProvider(SellableProvider provider);
    void setNow(qint64 now);

    void setSell(bool sell);
    bool isSell() const;
    void setWindow(qint64 start, qint64 end);
    void clearWindow();
    std::optional<qint64> windowStart() const;
    std::optional<qint64> windowEnd() const;
    // What Place does: asks to place the order when it can be placed, or says why not.
    void placeIfReady();
    // Start and End (and the confirmation) in UTC rather than local time.
    void setUtc(bool utc);
    void setNodes(int nodes);
    void setSku(const QString& sku);
    void setLimit(const QString& dollarsPerNodeHour);
    // A limit the market proposed for the order shown: it goes again when the order changes
    // (another window, node count, SKU or side), so it is never placed for an order it was not
    // proposed for. A limit the user types stays.
    void setProposedLimit(const QString& dollarsPerNodeHour);

    // The order as the panel describes it; nullopt (and *why) when it is incomplete or invalid.
    std::optional<OrderRequest> request(QString* why = nullptr) const;
    QString currentSku() const;
    int nodes() const;

    // Results of the preview of `forRequest`; ignored when the panel has moved on since.
    void showPreview(const OrderRequest& forRequest, const OrderPreview& preview);
    void showPreviewError(const OrderRequest& forRequest, const QString& message);
    void showStatus(const QString& message, bool error);
    // While an order is being placed, Place is disabled so that it is never sent twice.
    void setPlacing(bool placing);
    bool isPlacing() const { return m_placing; }

    // The length of the chosen window, or 0.
    qint64 windowLength() const { return m_hasWindow ? m_windowEnd - m_windowStart : 0; }
    QString limitText() const;

    // The text the confirmation before placing shows: what, when, and the total.
    QString confirmationText(const OrderRequest& request) const;

    // The debounce of the live preview.
    static constexpr int PreviewDelayMs = 400;

Q_SIGNALS:
    void previewWanted(const sfdesk::OrderRequest& request);
    void placeRequested(const sfdesk::OrderRequest& request);
    void windowEdited(qint64 start, qint64 end);
    void nodesChanged(int nodes);
    void skuChanged(const QString& sku);
    void sideChanged(bool sell);
    // Ready-made sell windows: the pool's last day of the SKU, or all it owns from now on.
    void sellLastDayRequested();
    void sellWholeFutureRequested();
    // Buy the window right after what the pool owns of the SKU.
    void extendRequested();
    // The order as the sf command that would place it, for the page to copy (it knows the names).
    void copyCommandRequested(const sfdesk::OrderRequest& request);

private:
    void inputChanged();
    void updateValidity();
    void requestPreviewNow();
    // Reads a typed Start or End ("now", "in 3d", "oct 12 14:00"); false (and says why) when it
    // cannot be read.
    void timeEdited(bool start);
    void showWindowText();

    QString m_pool;
    qint64 m_now = 0;
    SellableProvider m_sellable;
    std::optional<OrderRequest> m_previewed;
    std::optional<OrderPreview> m_preview;

    QComboBox* m_side;
    QLineEdit* m_start;
    QLineEdit* m_end;
    qint64 m_windowStart = 0;
    qint64 m_windowEnd = 0;
    QLabel* m_duration;
    QSpinBox* m_nodes;
    QComboBox* m_sku;
    QLineEdit* m_limit;
    QCheckBox* m_standing;
    QCheckBox* m_partial;
    QLabel* m_owned;
    QLabel* m_previewLabel;
    QLabel* m_status;
    QPushButton* m_quote;
    QPushButton* m_place;
    QPushButton* m_copyCommand;
    QPushButton* m_sellLastDay;
    QPushButton* m_sellWholeFuture;
    QPushButton* m_extend;
    QTimer* m_debounce;
    bool m_hasWindow = false;
    bool m_placing = false;
    bool m_utc = false;
    // Why Place is disabled, as last shown in the status line.
    QString m_shownHint;
    // The limit the market proposed, while the field still holds it.
    QString m_proposedLimit;
};

} // namespace sfdesk
