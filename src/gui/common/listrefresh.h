#pragma once

#include "core/api/apicall.h"
#include "core/api/apierror.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <utility>

class QPushButton;
class ResourceTableView;
class UpdatedLabel;
class ViewContext;
class QWidget;

// The refresh of one view's list: the Refresh button and the "updated … ago" label of its toolbar,
// and the table's load state while a request runs. A newer request overtakes an older one (a scope
// change during a poll), which is cancelled and whose answer is dropped. A failure is shown in the table and
// the label and reported under the view's action ("Loading pools").
class ListRefresh final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ListRefresh)

public:
    // objectNamePrefix names the widgets for tests: "<prefix>RefreshButton", "<prefix>UpdatedLabel".
    ListRefresh(const QString& objectNamePrefix, const QString& action, ViewContext* context,
                ResourceTableView* table, QWidget* parent);
    ~ListRefresh() override;

    QPushButton* button() const { return m_button; }
    UpdatedLabel* label() const { return m_label; }

    // No client: the table says so, and answers still on their way are dropped.
    void showNotConnected();

    // Runs one list request: apply(result) fills the model, then the table shows it; done() follows
    // either outcome (the view's own updates, its refreshed() signal).
    template <typename T, typename Apply, typename Done> void load(ApiCall* call, Apply&& apply, Done&& done)
    {
        const quint64 request = begin();
        m_call = call;
        call->onSuccess<T>(this,
                           [this, request, apply = std::forward<Apply>(apply), done](const T& result) {
                               if (!isCurrent(request))
                                   return;
                               apply(result);
                               markLoaded();
                               done();
                           })
            ->onFailure(this, [this, request, done](const ApiError& error) {
                if (!isCurrent(request))
                    return;
                markFailed(error);
                done();
            });
    }

    // For a view that puts its list together from several requests.
    quint64 begin();
    bool isCurrent(quint64 request) const { return request == m_current; }
    void markLoaded();
    void markFailed(const ApiError& error);

Q_SIGNALS:
    void requested();

private:
    void cancelInFlight();

    ViewContext* m_context;
    ResourceTableView* m_table;
    QPushButton* m_button;
    UpdatedLabel* m_label;
    QString m_action;
    quint64 m_current = 0;
    // The request of load() on its way: a newer one cancels it.
    QPointer<ApiCall> m_call;
};
